/**
 * The page of a list to show, `size` rows a page: the page asked for, kept between the first
 * and the last (anything that is not a number is the first), with the rows to skip.
 */
export function pageWindow(total: number | string | bigint, page: number, size: number) {
  const pages = Math.max(1, Math.ceil(Number(total) / size));
  const current = Number.isFinite(page) ? Math.min(Math.max(1, Math.floor(page)), pages) : 1;
  return { total: Number(total), pages, page: current, offset: (current - 1) * size };
}

/** The page a list's address asks for (`?page=`): its number, or the first when there is none
 * or it is not a number (pageWindow then keeps it between the first and the last). */
export function requestedPage(params: URLSearchParams) {
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return Number.isNaN(page) ? 1 : page;
}
