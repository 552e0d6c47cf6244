/** Paging input of every admin list, as the API query string or the CLI flags give it. */
export interface ListInput {
  page?: number;
  size?: number;
  sort?: string[] | string;
}
