// Loaded with `node --import` by a test: appends every module URL the process resolves to the
// file named by TRACE_IMPORTS_FILE, so the test can say what a command loaded.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    import { appendFileSync } from 'node:fs';
    export async function resolve(specifier, context, next) {
      const resolved = await next(specifier, context);
      appendFileSync(process.env.TRACE_IMPORTS_FILE, resolved.url + '\\n');
      return resolved;
    }
  `)}`,
);
