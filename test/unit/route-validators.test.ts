import { expect } from 'chai';
import { loadConfig } from '../../lib/config.ts';
import { allRoutes } from '../../api/routes/index.ts';
import { routeValidators } from '../../api/http/mount-routes.ts';
import { RequestValidationError } from '../../api/http/field-errors.ts';
import { compileValidator } from '../../api/http/validation.ts';
import Type from 'typebox';

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

  it('coerces a copy of the query: the request keeps its own, and a "__proto__" key stays a key', () => {
    const schema = Type.Object({
      page: Type.Optional(Type.Integer()),
      ids: Type.Optional(Type.Array(Type.Integer())),
      ['__proto__']: Type.Optional(Type.String()),
    });
    const validate = compileValidator(schema, 'query');
    const query = Object.assign(Object.create(null) as Record<string, unknown>, {
      page: '2',
      ids: ['1', '3'],
    });
    Object.defineProperty(query, '__proto__', { value: 'x', enumerable: true });
    const out = validate(query) as Record<string, unknown>;
    expect(out.page).to.equal(2);
    expect(out.ids).to.deep.equal([1, 3]);
    expect(Object.getPrototypeOf(out)).to.equal(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).to.equal('x');
    expect(query.page).to.equal('2');
    expect(query.ids).to.deep.equal(['1', '3']);
  });

  it('refuses a query nested too deep to copy with a 400, not a stack overflow', () => {
    const validate = compileValidator(Type.Object({ filter: Type.Optional(Type.Unknown()) }), 'query');
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(() => validate({ filter: deep })).to.throw(RequestValidationError);
  });
});
