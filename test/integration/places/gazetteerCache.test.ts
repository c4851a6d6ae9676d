import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { Gazetteer } from '../../../src/services/places/Gazetteer';

describe('Gazetteer.load: the packages’ data extracted once per data directory', function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-gazetteer-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const kept = () => fs.readdirSync(dir).filter((f) => /^gazetteer-\w+\.json$/.test(f));

  it('keeps the extraction, reads it back, and places as the gazetteer built in this thread does', async () => {
    const loaded = await Gazetteer.load(['es'], dir);
    expect(kept()).to.have.length(1);
    const built = new Gazetteer(['es']);
    for (const name of ['Madrid', 'Sevilla', 'Ruzafa, Valencia', 'Sant Cugat del Vallès', 'Cantabria']) {
      expect(loaded.resolve('es', name), name).to.deep.equal(built.resolve('es', name));
    }
    expect(loaded.resolve('es', 'Madrid')?.place.name).to.equal('Madrid');

    // The next load reads the kept copy: a name changed in it is what it places.
    const file = path.join(dir, kept()[0] as string);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replaceAll('"Getafe"', '"Getafe Kept"'));
    const again = await Gazetteer.load(['es'], dir);
    expect(again.resolve('es', 'Getafe Kept')?.place.name).to.equal('Getafe Kept');

    // Other countries are another copy.
    await Gazetteer.load(['uk'], dir);
    expect(kept()).to.have.length(2);
  });

  it('extracts again over a copy it cannot read, and works where none can be written', async () => {
    await Gazetteer.load(['es'], dir);
    const file = path.join(dir, kept()[0] as string);
    fs.writeFileSync(file, '{"raw": {"ES": [');
    const repaired = await Gazetteer.load(['es'], dir);
    expect(repaired.resolve('es', 'Sevilla')?.place.name).to.equal('Sevilla');
    expect(() => JSON.parse(fs.readFileSync(file, 'utf8'))).to.not.throw();
    // A cache directory under a file: nothing kept, the gazetteer still built.
    const blocked = path.join(file, 'cache');
    const unwritable = await Gazetteer.load(['es'], blocked);
    expect(unwritable.resolve('es', 'Sevilla')?.place.name).to.equal('Sevilla');
  });

  it('makes its cache directory in the data directory, and no data directory that is gone', async () => {
    // An import that fails fast ends before the extraction it started, and its caller may remove the
    // data directory meanwhile (a test's temporary one): the copy is not kept, the directory not remade.
    const gone = path.join(dir, 'gone');
    const loaded = await Gazetteer.load(['es'], path.join(gone, 'cache'));
    expect(loaded.resolve('es', 'Sevilla')?.place.name).to.equal('Sevilla');
    expect(fs.existsSync(gone)).to.equal(false);
    // A data directory without its cache directory yet: made, and the copy kept in it.
    await Gazetteer.load(['es'], path.join(dir, 'cache'));
    expect(fs.readdirSync(path.join(dir, 'cache')).filter((f) => f.endsWith('.json'))).to.have.length(1);
  });
});
