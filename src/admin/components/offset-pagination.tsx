import { Table } from "@medusajs/ui"

/** Medusa's pagination under a plugin page's list, paging by offset. */
export function OffsetPagination({
  count,
  pageSize,
  offset,
  onOffset,
}: {
  count: number
  pageSize: number
  offset: number
  onOffset: (offset: number) => void
}) {
  return (
    <Table.Pagination
      count={count}
      pageSize={pageSize}
      pageIndex={Math.floor(offset / pageSize)}
      pageCount={Math.max(1, Math.ceil(count / pageSize))}
      canPreviousPage={offset > 0}
      canNextPage={offset + pageSize < count}
      previousPage={() => onOffset(Math.max(0, offset - pageSize))}
      nextPage={() => onOffset(offset + pageSize)}
    />
  )
}
