import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The environment a command runs in: this one's, without the host's proxy settings (a machine that
 * reaches a registry through a proxy would send the tests' loopback feeds to it) and SSH logins (a
 * developer's ssh-agent would log in where a test expects a refusal); a test names its own.
 */
export function commandEnv(env: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) => !/^(https?|no|all)_proxy$/i.test(k) && !/^(SSH_AUTH_SOCK|FEED_SSH_KEY|FEED_SSH_KEY_PASSPHRASE)$/.test(k),
    ),
  );
  return { ...base, ...env };
}

/** Runs a command-line entry as its `npm run` script does (tsx), on a data dir; never throws on an exit code. */
export async function runCli(
  cli: string,
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], {
      env: commandEnv({ DATA_DIR: dataDir, ...env }),
      timeout: 30_000,
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout: string; stderr: string; code: number };
    return { stdout: e.stdout, stderr: e.stderr, code: e.code };
  }
}
