/** Flow execution arrives with the run-chatflows issue; the package exists so the layering holds from the start. */
export const engineVersion = 1
