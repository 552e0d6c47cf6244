/** Entry of the `recrutement` binary: builds the program and runs it with the process arguments. */
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv);
// Everything the command opened is closed by now, but Agenda 6 leaves its lock-check timers (half a
// job's lock lifetime, minutes) armed after drain()/stop(), which would keep a stopped `worker` or
// a finished `jobs run` alive that long. Exit once stdout and stderr are flushed.
process.stdout.write('', () => process.stderr.write('', () => process.exit()));
