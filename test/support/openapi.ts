import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

/**
 * Checks responses against an OpenAPI 3.1 document of docs/api: finds the
 * operation by path template and status, and validates the body with ajv
 * (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
 */
export interface OpenApiValidator {
  /** Throws with ajv's errors when `body` does not match the documented response. */
  check(pathTemplate: string, status: number, body: unknown): void;
}

type Doc = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

export function loadOpenApi(file: string): OpenApiValidator {
  const doc = YAML.parse(fs.readFileSync(path.resolve(file), 'utf8'), { merge: true, maxAliasCount: -1 }) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi.json' } as object);
  const cache = new Map<string, ReturnType<typeof ajv.compile>>();
  return {
    check(pathTemplate, status, body) {
      const op = doc.paths[pathTemplate]?.get;
      if (!op) throw new Error(`No GET ${pathTemplate} in the OpenAPI document`);
      const code = String(status);
      if (!op.responses[code]) throw new Error(`GET ${pathTemplate} documents no ${code} response`);
      const key = `${pathTemplate}|${code}`;
      let validate = cache.get(key);
      if (!validate) {
        const pointer = `#/paths/${pathTemplate.replace(/~/g, '~0').replace(/\//g, '~1')}/get/responses/${code}`;
        const response = op.responses[code] as { $ref?: string };
        const base = response.$ref ? `openapi.json${response.$ref}` : `openapi.json${pointer}`;
        validate = ajv.compile({ $ref: `${base}/content/application~1vnd.api+json/schema` });
        cache.set(key, validate);
      }
      if (!validate(body)) {
        throw new Error(
          `GET ${pathTemplate} ${code} does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}`,
        );
      }
    },
  };
}
