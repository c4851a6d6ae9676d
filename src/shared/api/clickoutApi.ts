import { ApiClickoutError } from './errors';
import type { HttpClient } from './http';

/** The attributes of a click (service-calls spec §7 "Click-out service"). */
export interface ClickAttributes {
  ad: { id: string; position?: number };
  site: { country_code: string; vertical_name: string };
  section?: { id: number; type_id: number };
  search?: { page_number?: number; type_id?: number; what?: string };
  user?: { cookie_id?: string; origin_id?: number; campaigns_list?: number[] };
  tracking?: { page_view_id?: string; code?: string };
  ab_test?: { id: number | string; option: string; platform?: string };
  /** The visitor's device class (mobile, desktop, tablet): the click's price depends on it. */
  device?: string;
  options?: { is_force_no_adpage?: boolean };
}

export interface ClickResponse {
  meta: { destination: { type: number; url: string }; user?: { conversion_cookie?: string } };
}

/** The click-out service: records a click and answers where to send the visitor. */
export interface ClickoutApi {
  click(attributes: ClickAttributes): Promise<ClickResponse>;
}

export function createClickoutApi(http: HttpClient, base: string): ClickoutApi {
  return {
    click: (attributes) =>
      http.request(
        'clickout',
        `${base}/clickout/clicks`,
        { method: 'POST', body: { data: { type: 'clicks', attributes } } },
        // ApiClickoutError carries the detail text as its message (spec §8).
        (message, code, status, reason) => new ApiClickoutError(message, code, status, reason),
      ),
  };
}
