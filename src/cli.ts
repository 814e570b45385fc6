#!/usr/bin/env node
/** The executable: runs the command line and exits with its outcome. */
import { main, reportFailure } from './commands.js';

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => process.exit(reportFailure(error)),
);
