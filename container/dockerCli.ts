import { spawn } from 'node:child_process';

// The docker CLI, for what testcontainers does not do: building and importing
// images (npm run emulator:image, the project's tests) and listing containers.

/** Runs docker with these arguments; resolves with its stdout, rejects with its last output lines. */
export function docker(
  args: readonly string[],
  options: { input?: NodeJS.ReadableStream; echo?: (text: string) => void } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('docker', args, { stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      options.echo?.(String(chunk).trimEnd());
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    if (options.input) options.input.pipe(child.stdin);
    else child.stdin.end();
    child.on('error', (error) => reject(new Error(`docker ${args[0]}: ${error.message} (is the docker CLI installed?)`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(new Error(`docker ${args.join(' ')} exited with ${code}: ${(stderr || stdout).trim().split('\n').slice(-5).join(' | ')}`));
    });
  });
}
