/** Node fields use 13 px text so a 300 px node stays readable without feeling cramped. */
export const compactInput = { '& .MuiInputBase-root': { fontSize: 13 } } as const
