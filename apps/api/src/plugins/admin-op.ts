import type { z } from 'zod';
import { ADMIN_API, type AdminOp, type AdminOpSpec } from '@facet/contracts/admin-api';
import { fileAnswer, envelope, type csvFile } from '@facet/contracts/envelope';

// A back-office route is registered from its entry in the contracts' table: method, path,
// permission, request and answer schemas all come from there, so the API cannot drift from what
// the admin pages are typed against.

type Spec<K extends AdminOp> = (typeof ADMIN_API)[K];
type Part<S, F extends string> = S extends { [P in F]: infer T } ? T : undefined;
type SuccessStatus<S> = S extends { status: infer C extends number } ? C : 200;
type Answer<S> = S extends { file: string }
  ? { 200: typeof csvFile }
  : S extends { answer: infer A extends z.ZodType }
    ? { [C in SuccessStatus<S>]: z.ZodObject<{ data: A }> }
    : never;
type Method<K extends string> = K extends `${infer M} ${string}` ? M : never;
type Url<K extends string> = K extends `${string} ${infer U}` ? U : never;

/**
 * `app.route({ ...adminRoute('GET /customers/:id'), handler })`. Extra route config (a stricter
 * rate limit) goes in `config`; the permission is the table's.
 */
export function adminRoute<K extends AdminOp>(key: K, config: { rateLimit?: object } = {}) {
  const s: AdminOpSpec = ADMIN_API[key];
  const space = key.indexOf(' ');
  const schema = Object.fromEntries(
    Object.entries({
      params: s.params,
      querystring: s.query,
      body: s.body,
      response: s.file ? { 200: fileAnswer(s.file) } : { [s.status ?? 200]: envelope(s.answer) },
    }).filter(([, v]) => v !== undefined),
  );
  return {
    method: key.slice(0, space) as Method<K>,
    url: key.slice(space + 1) as Url<K>,
    config: { ...config, access: s.access, op: key },
    schema: schema as {
      params: Part<Spec<K>, 'params'>;
      querystring: Part<Spec<K>, 'query'>;
      body: Part<Spec<K>, 'body'>;
      response: Answer<Spec<K>>;
    },
  };
}
