import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

type Operation = { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };

/**
 * Checks a response body against an OpenAPI 3.1 document of docs/api, for any
 * method (test/support/openapi.ts knows GET only).
 */
export function openApiOf(file: string): (method: string, pathTemplate: string, status: number, body: unknown) => void {
  const doc = YAML.parse(fs.readFileSync(path.resolve(file), 'utf8'), { merge: true, maxAliasCount: -1 }) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' } as object);
  const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
  return (method, pathTemplate, status, body) => {
    const op = doc.paths[pathTemplate]?.[method.toLowerCase()];
    if (!op) throw new Error(`No ${method} ${pathTemplate} in ${file}`);
    const response = op.responses[String(status)];
    if (!response) throw new Error(`${method} ${pathTemplate} documents no ${status} response`);
    if (body === undefined) return;
    const base = response.$ref
      ? `openapi.json${response.$ref}`
      : `openapi.json#/paths/${escape(pathTemplate)}/${method.toLowerCase()}/responses/${status}`;
    const validate = ajv.compile({ $ref: `${base}/content/application~1vnd.api+json/schema` });
    if (!validate(body)) {
      throw new Error(`${method} ${pathTemplate} ${status} does not match ${file}: ${ajv.errorsText(validate.errors)}`);
    }
  };
}
