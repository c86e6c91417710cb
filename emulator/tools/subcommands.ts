import { runDeliveries } from './deliveriesCommand.ts';
import { ToolError } from './emulatorConnection.ts';
import { runTrigger, type ToolOutput } from './triggerCommand.ts';

// The emulator's subcommands, which talk to an emulator already running rather
// than start one. A usage mistake or an unreachable emulator exits 2 with the reason.

export const SUBCOMMANDS = {
  trigger: runTrigger,
  deliveries: runDeliveries,
} as const;

export type SubcommandName = keyof typeof SUBCOMMANDS;

export const isSubcommand = (word: string | undefined): word is SubcommandName => word !== undefined && Object.hasOwn(SUBCOMMANDS, word);

export async function runSubcommand(
  name: SubcommandName,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: ToolOutput & { err: (text: string) => void },
): Promise<number> {
  try {
    return await SUBCOMMANDS[name](argv, env, output);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    output.err(`banking-api-emulator ${name}: ${error.message}\n`);
    return 2;
  }
}
