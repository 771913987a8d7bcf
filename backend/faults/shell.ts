import { spawn } from 'node:child_process';

export interface ShellResult {
  code: number | null;
  output: string;
}

/** Runs a command to its end (bounded), with its stdout and stderr together. */
export function sh(
  command: string,
  args: string[],
  options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
) {
  return new Promise<ShellResult>((resolve) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: -1, output: `${output}${err.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** As `sh`, but a non-zero exit is an error naming the command and what it said. */
export async function mustSh(command: string, args: string[], options: { timeoutMs?: number } = {}) {
  const result = await sh(command, args, options);
  if (result.code !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.code}): ${result.output.trim()}`);
  return result.output;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
