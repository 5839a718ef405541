/**
 * One page of a long list (issue 20: the staff dashboard rendered every show, 2.6 MB of HTML at
 * 2,000 shows). `pageParam` is the `?page=` value as sent; anything odd is page 1, past the
 * end is the last page.
 */
export function pageOf(total: number, pageParam: string | null | undefined, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const asked = /^\d{1,6}$/.test(pageParam ?? "") ? Number(pageParam) : 1;
  const page = Math.min(Math.max(1, asked), pages);
  const start = (page - 1) * size;
  return { page, pages, start, end: Math.min(total, start + size), total };
}
