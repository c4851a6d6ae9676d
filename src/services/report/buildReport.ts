import { countryByCode } from '../../../config/countries';
import type { DayRange, EventStore } from '../events/EventStore';

/** What is known of a source for the report: its name and site. */
export interface SourceInfo {
  name: string;
  country: string;
  vertical: string;
}

export interface ReportRow {
  day: string;
  sourceId: number;
  /** "(unknown source)" for impressions posted without a source id. */
  sourceName: string;
  country: string | null;
  vertical: string | null;
  /** ISO 4217 currency of the source's site (CPCs are in it). */
  currency: string | null;
  clickouts: number;
  billableClicks: number;
  revenue: number;
  impressions: number;
  /** Click-outs per impression; null without impressions. */
  ctr: number | null;
  leads: number;
}

export interface ReportTotals {
  clickouts: number;
  billableClicks: number;
  /** Sum of the rows' revenue (a mixed-currency sum when the report spans countries). */
  revenue: number;
  impressions: number;
  leads: number;
}

export interface Report {
  totals: ReportTotals;
  rows: ReportRow[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A `yyyy-mm-dd` day, or an error naming the option. */
export function parseDay(value: string, name: string): string {
  if (!DAY.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new Error(`${name} must be a day, yyyy-mm-dd (got ${value})`);
  }
  return value;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * The click-out report of issue 6, per source and (UTC) day: click-outs,
 * billable clicks, revenue, impressions, click-through rate and leads,
 * from the event store. `lookup` names the sources (the search store);
 * names recorded with the clicks and leads are the fallback.
 */
export async function buildReport(
  events: EventStore,
  range: DayRange = {},
  lookup?: (sourceId: number) => Promise<SourceInfo | undefined>,
): Promise<Report> {
  const figures = await events.figures(range);
  const seen = new Map((await events.sourcesSeen()).map((s) => [s.sourceId, s]));
  const info = new Map<number, SourceInfo | undefined>();
  for (const id of new Set(figures.map((f) => f.sourceId))) {
    const known = lookup ? await lookup(id) : undefined;
    const recorded = seen.get(id);
    info.set(
      id,
      known ??
        (recorded?.name
          ? { name: recorded.name, country: recorded.country ?? '', vertical: recorded.vertical ?? '' }
          : undefined),
    );
  }
  const rows = figures.map((f): ReportRow => {
    const source = info.get(f.sourceId);
    const country = source?.country || null;
    return {
      day: f.day,
      sourceId: f.sourceId,
      sourceName: source?.name ?? (f.sourceId === 0 ? '(unknown source)' : `source ${f.sourceId}`),
      country,
      vertical: source?.vertical || null,
      currency: country ? (countryByCode(country)?.currency ?? null) : null,
      clickouts: f.clickouts,
      billableClicks: f.billableClicks,
      revenue: round(f.revenueMicros / 1_000_000, 6),
      impressions: f.impressions,
      ctr: f.impressions > 0 ? round(f.clickouts / f.impressions, 4) : null,
      leads: f.leads,
    };
  });
  const micros = figures.reduce((sum, f) => sum + f.revenueMicros, 0);
  return {
    totals: {
      clickouts: rows.reduce((n, r) => n + r.clickouts, 0),
      billableClicks: rows.reduce((n, r) => n + r.billableClicks, 0),
      revenue: round(micros / 1_000_000, 6),
      impressions: rows.reduce((n, r) => n + r.impressions, 0),
      leads: rows.reduce((n, r) => n + r.leads, 0),
    },
    rows,
  };
}

const COLUMNS: { title: string; value: (r: ReportRow) => string; right?: boolean }[] = [
  { title: 'day', value: (r) => r.day },
  { title: 'source', value: (r) => `${r.sourceName} (${r.sourceId})` },
  { title: 'site', value: (r) => (r.country ? `${r.country}/${r.vertical ?? '?'}` : '-') },
  { title: 'click-outs', value: (r) => String(r.clickouts), right: true },
  { title: 'billable', value: (r) => String(r.billableClicks), right: true },
  { title: 'revenue', value: (r) => `${r.revenue.toFixed(2)} ${r.currency ?? ''}`.trim(), right: true },
  { title: 'impressions', value: (r) => String(r.impressions), right: true },
  { title: 'CTR', value: (r) => (r.ctr === null ? '-' : `${(r.ctr * 100).toFixed(2)}%`), right: true },
  { title: 'leads', value: (r) => String(r.leads), right: true },
];

/** The report as an aligned text table with a totals line. */
export function formatReport(report: Report): string {
  const t = report.totals;
  const totalsRow = [
    'total',
    '',
    '',
    String(t.clickouts),
    String(t.billableClicks),
    t.revenue.toFixed(2),
    String(t.impressions),
    t.impressions > 0 ? `${((t.clickouts / t.impressions) * 100).toFixed(2)}%` : '-',
    String(t.leads),
  ];
  const table = [COLUMNS.map((c) => c.title), ...report.rows.map((r) => COLUMNS.map((c) => c.value(r))), totalsRow];
  const widths = COLUMNS.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (COLUMNS[i]?.right ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  const body = report.rows.length > 0 ? table.slice(1, -1).map(line) : ['(no click-outs, impressions or leads)'];
  return [line(table[0] ?? []), rule, ...body, rule, line(totalsRow)].join('\n');
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The report as a small HTML page (every value escaped). */
export function renderReportHtml(report: Report, range: DayRange): string {
  const head = COLUMNS.map((c) => `<th${c.right ? ' class="n"' : ''}>${escape(c.title)}</th>`).join('');
  const rows = report.rows
    .map(
      (r) => `<tr>${COLUMNS.map((c) => `<td${c.right ? ' class="n"' : ''}>${escape(c.value(r))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const t = report.totals;
  const period = `${range.from ?? 'the beginning'} to ${range.to ?? 'today'}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow">
<title>Trawl click-out report</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}th,td{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left}.n{text-align:right}tfoot td{font-weight:bold}</style>
</head><body>
<h1>Click-out report</h1>
<p>Per source and day (UTC), ${escape(period)}.</p>
<table><thead><tr>${head}</tr></thead>
<tbody>
${rows || `<tr><td colspan="${COLUMNS.length}">No click-outs, impressions or leads.</td></tr>`}
</tbody>
<tfoot><tr><td>total</td><td></td><td></td><td class="n">${t.clickouts}</td><td class="n">${t.billableClicks}</td><td class="n">${t.revenue.toFixed(2)}</td><td class="n">${t.impressions}</td><td class="n">${t.impressions > 0 ? `${((t.clickouts / t.impressions) * 100).toFixed(2)}%` : '-'}</td><td class="n">${t.leads}</td></tr></tfoot>
</table>
</body></html>
`;
}
