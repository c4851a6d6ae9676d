/**
 * The reference lists whose values the filters panel names (services/search/reference.ts), as
 * their labels are kept in each language's catalogue: `ref.<list>.<value>`. The catalogue carries
 * them so a chosen value reads in the site's language whatever the results (a page without
 * results has no facets to label it).
 */
export type ReferenceList =
  | 'dealType'
  | 'propertyType'
  | 'carType'
  | 'fuel'
  | 'transmission'
  | 'jobCategory'
  | 'jobType'
  | 'workingHours'
  | 'productCategory';

/** The catalogue id of a reference value's label. */
export const referenceMessageId = (list: ReferenceList, value: string | number): string => `ref.${list}.${value}`;
