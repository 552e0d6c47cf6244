/** Entry of the `recrutement` binary: builds the program and runs it with the process arguments. */
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv);
