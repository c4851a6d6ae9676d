/** The sources loader (product-spec §4): partner logos shown while a search runs. */
export interface SourceLogo {
  name: string;
  image: string;
}

export interface SourcesLoaderState {
  readonly status: 'idle' | 'loading' | 'loaded' | 'failed';
  readonly sources: SourceLogo[];
  readonly visible: boolean;
}

export const SOURCES_START = 'sources/start';
export const SOURCES_SUCCESS = 'sources/success';
export const SOURCES_FAILED = 'sources/failed';
export const SOURCES_LOADER_SHOW = 'sources/show';
export const SOURCES_LOADER_HIDE = 'sources/hide';
export const SOURCES_LOADER_UPDATE = 'sources/update';

export type SourcesLoaderAction =
  | { type: typeof SOURCES_START }
  | { type: typeof SOURCES_SUCCESS; sources: SourceLogo[] }
  | { type: typeof SOURCES_FAILED }
  | { type: typeof SOURCES_LOADER_SHOW }
  | { type: typeof SOURCES_LOADER_HIDE }
  | { type: typeof SOURCES_LOADER_UPDATE; sources: SourceLogo[] };

export const initialSourcesLoaderState: SourcesLoaderState = { status: 'idle', sources: [], visible: false };

export function sourcesLoaderReducer(
  state: SourcesLoaderState = initialSourcesLoaderState,
  action: SourcesLoaderAction,
): SourcesLoaderState {
  switch (action.type) {
    case SOURCES_START:
      return { ...state, status: 'loading' };
    case SOURCES_SUCCESS:
      return { ...state, status: 'loaded', sources: action.sources };
    case SOURCES_FAILED:
      return { ...state, status: 'failed', visible: false };
    case SOURCES_LOADER_SHOW:
      return state.sources.length > 0 ? { ...state, visible: true } : state;
    case SOURCES_LOADER_HIDE:
      return { ...state, visible: false };
    case SOURCES_LOADER_UPDATE:
      return { ...state, sources: action.sources };
    default:
      return state;
  }
}
