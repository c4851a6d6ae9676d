// The spec reporter, plus the plain closing line CI reads: "N passed, N failed".
const Mocha = require('mocha');

class TrawlReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once('end', () => {
      const { passes, failures, pending } = runner.stats;
      process.stdout.write(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}\n`);
    });
  }
}

module.exports = TrawlReporter;
