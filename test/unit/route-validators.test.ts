import { expect } from 'chai';
import { loadConfig } from '../../lib/config.ts';
import { allRoutes } from '../../api/routes/index.ts';
import { routeValidators } from '../../api/http/mount-routes.ts';
import { RequestValidationError } from '../../api/http/field-errors.ts';

/**
 * A route's validators compile at its first request (api/http/validation.ts), not when the app is
 * built: a schema Ajv cannot compile would only show there. Each is run once here, on an empty
 * input, which it accepts or refuses in the envelope's terms, never with another error.
 */
describe('Route validators (unit)', () => {
  it('compiles the params, query, body and upload fields of every route', () => {
    const routes = allRoutes(loadConfig({}));
    let compiled = 0;
    for (const route of routes) {
      const validators = routeValidators(route);
      for (const where of ['params', 'query', 'body', 'fields'] as const) {
        const validate = validators[where];
        if (!validate) continue;
        try {
          validate({});
        } catch (err) {
          expect(err, `${route.method.toUpperCase()} ${route.path} ${where}`).to.be.instanceOf(
            RequestValidationError,
          );
        }
        compiled += 1;
      }
    }
    expect(routes.length).to.be.greaterThan(150);
    expect(compiled).to.be.greaterThan(routes.length);
  });
});
