import { z } from 'zod';
import { intLike, requiredString } from '../jsonapi';

/** An ad id as the search service answers it: opaque, URL-safe; never a URL. */
export const adId = z
  .string('must be a string')
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be an ad id (1-100 letters, digits or _ . : -)');

export const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).nullish();

export const deviceField = z
  .union([
    z.enum(['mobile', 'desktop', 'tablet']),
    z.literal(1).transform(() => 'desktop' as const),
    z.literal(2).transform(() => 'mobile' as const),
    z.literal(3).transform(() => 'tablet' as const),
  ])
  .optional();

const campaignsList = z
  .union([
    z.array(intLike(0, Number.MAX_SAFE_INTEGER)).max(100),
    z
      .string()
      .max(1000)
      .regex(/^[\d,\s]*$/, 'must be comma-separated campaign ids')
      .transform((s) =>
        s
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean)
          .map(Number),
      ),
  ])
  .nullish();

/**
 * The body of POST /clickout/clicks (service-calls spec §7). Only `ad.id`
 * and `site` are required; every other part is optional but type-checked.
 * Unknown fields (a `url`, a `destination` ...) are dropped: the
 * destination is always the URL stored for the ad.
 */
export const clickBody = z.object({
  data: z.object({
    type: z.literal('clicks', "must be 'clicks'"),
    attributes: z.object({
      ad: z.object({
        id: adId,
        position: intLike(0, 100_000).nullish(),
      }),
      site: z.object({
        country_code: requiredString().min(2).max(5),
        vertical_name: requiredString().min(2).max(20),
      }),
      section: z.object({ id: intLike(0, 1_000_000).nullish(), type_id: intLike(0, 2).nullish() }).nullish(),
      search: z
        .object({
          page_number: intLike(1, 100_000).nullish(),
          type_id: intLike(0, 1_000_000).nullish(),
          what: optionalText(200),
        })
        .nullish(),
      user: z
        .object({
          cookie_id: optionalText(100),
          origin_id: intLike(0, 1000).nullish(),
          campaigns_list: campaignsList,
          /** Set by a server that knows the caller is a robot: such a click is never billed. */
          is_bot: z.boolean().nullish(),
        })
        .nullish(),
      tracking: z.object({ page_view_id: optionalText(100), code: optionalText(200) }).nullish(),
      ab_test: z
        .object({
          id: z.union([z.string().max(50), z.number()]).nullish(),
          option: optionalText(20),
          platform: optionalText(20),
        })
        .nullish(),
      /** mobile, desktop, tablet (or the device ids 1, 2, 3); from the user agent when absent. */
      device: deviceField,
      options: z.object({ is_force_no_adpage: z.boolean().nullish() }).nullish(),
    }),
  }),
  options: z.object({ is_force_no_adpage: z.boolean().nullish() }).nullish(),
});

export type ClickBody = z.infer<typeof clickBody>;
