import { defineChunk, loadable } from '../routes/loadable';

/**
 * The filters panel's code (its fields, their views and the panel's behaviour), a chunk of its own
 * (decision 061): the server renders the panel with the page, closed, and the browser hydrates it
 * when this code arrives, after the page. Until then its `<details>` opens and its GET form
 * applies without JavaScript, and React keeps the server's HTML of it.
 */
export const filtersChunk = defineChunk('filters', () => import(/* webpackChunkName: "filters" */ './FiltersPanel'));

export const FiltersPanel = loadable(filtersChunk, (m) => m.FiltersPanel);
