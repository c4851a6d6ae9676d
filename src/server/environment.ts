import path from 'node:path';
import { z } from 'zod';
import { isCountryCode } from '../../config/countries';

/** A switch: `1`, `true` or `on` turn it on; `0`, `false` or `off` off. */
const SWITCH = ['1', 'true', 'on', '0', 'false', 'off'] as const;
function onOff(byDefault: (typeof SWITCH)[number]) {
  return z
    .enum(SWITCH)
    .default(byDefault)
    .transform((v) => v === '1' || v === 'true' || v === 'on');
}

/**
 * Every setting Trawl reads from the environment, in one typed place, listed
 * in the README's "Configuration" table. (The token and VAPID modules also
 * take their secrets from the same variables, validated here at start.)
 */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('var'),
  DEFAULT_COUNTRY: z
    .string()
    .toLowerCase()
    .refine(isCountryCode, 'must be one of the configured country codes')
    .default('uk'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Processes serving web and api on the port: 0 means one per core. */
  WEB_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(0),
  /** Roles this process runs: any of web, api, worker (comma-separated). */
  ROLES: z.string().default('web,api,worker'),
  /** Base URL of the services as the web role's server side calls them; empty means this process. */
  API_BASE_URL: z.string().default(''),
  /** Base URL of the services as browsers call them; empty means same origin `/api`. */
  PUBLIC_API_BASE_URL: z.string().default(''),
  /** Search service base, `{country}` and `{vertical}` substituted; empty means `<api>/sites/{country}/{vertical}`. */
  SEARCH_BASE_URL: z.string().default(''),
  /** Number of proxy hops to trust for X-Forwarded-* (a CDN and a load balancer: 2). */
  TRUST_PROXY: z.coerce.number().int().min(0).default(0),
  /**
   * The request header a CDN sets to the visitor's device class (`mobile`,
   * `tablet` or `desktop`), e.g. `X-Device-Class`; empty: pages are never
   * shared-cacheable (decision 062). The CDN must overwrite any value a
   * client sends.
   */
  DEVICE_CLASS_HEADER: z
    .string()
    .regex(/^([A-Za-z0-9-]+)?$/, 'must be a header name')
    .default(''),
  /**
   * Whether the worker role imports the partners' feeds whose time has come (decision 094); `off`
   * where a cron line runs `npm run import -- --due` instead.
   */
  FEED_IMPORTS: onOff('on'),
  /** Seed demo data into an empty store on start. */
  DEMO_DATA: onOff('1'),
  SMTP_URL: z.string().default(''),
  /** Sender of alert and lead mail. */
  MAIL_FROM: z.string().default(''),
  /** Links in mail and push: `local` (`<vertical>.<country>.localhost:PORT`) or `hosts` (each site's public host). */
  PUBLIC_SITES: z.enum(['local', 'hosts']).default('local'),
  /** Base URL of a site's pages in mail and push links (`{country}`, `{vertical}`); overrides PUBLIC_SITES. */
  PUBLIC_BASE_URL: z.string().default(''),
  /** Token of the report page (`/api/report?token=`); empty: generated under DATA_DIR/secrets. */
  REPORT_TOKEN: z.string().default(''),
  /** Secrets of the user control and act tokens; empty: generated under DATA_DIR/secrets. */
  USER_CONTROL_TOKEN_SECRET: z.string().default(''),
  ACT_TOKEN_SECRET: z.string().default(''),
  /** VAPID keys for web push; empty: generated under DATA_DIR on first start. */
  VAPID_PUBLIC_KEY: z.string().default(''),
  VAPID_PRIVATE_KEY: z.string().default(''),
  VAPID_SUBJECT: z.string().default(''),
  /** Extra push-service hosts allowed beside the browsers' own (comma-separated). */
  PUSH_ENDPOINT_HOSTS: z.string().default(''),
  /** Ad network (GPT network code) of every site; empty: each site's own (none by default); 'none': no ads anywhere. */
  AD_NETWORK_ID: z.string().default(''),
  /** The third-party ad tag script, loaded only on sites with a network. */
  AD_TAG_URL: z.url().default('https://securepubads.g.doubleclick.net/tag/js/gpt.js'),
  /** Base URL of the feedback service as browsers call it; empty: same origin `<public api>/feedback`. */
  FEEDBACK_BASE_URL: z.string().default(''),
  NODE_ENV: z.string().default('development'),
});

export type Environment = z.infer<typeof schema> & {
  /** DATA_DIR resolved to an absolute path. */
  dataDir: string;
  roles: ReadonlySet<'web' | 'api' | 'worker'>;
};

export class ConfigurationError extends Error {}

export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigurationError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const roles = new Set<'web' | 'api' | 'worker'>();
  for (const role of parsed.data.ROLES.split(',').map((r) => r.trim())) {
    if (role !== 'web' && role !== 'api' && role !== 'worker') {
      throw new ConfigurationError(`Invalid configuration:\n  ROLES: unknown role "${role}"`);
    }
    roles.add(role);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR), roles };
}
