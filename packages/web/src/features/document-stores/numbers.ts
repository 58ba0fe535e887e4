const counter = new Intl.NumberFormat('en-US')

/** A count with thousands separators, e.g. 12,480. */
export const formatCount = (value: number | undefined): string => counter.format(value ?? 0)
