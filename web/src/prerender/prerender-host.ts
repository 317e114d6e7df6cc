/** The host the prerender renders for (node-globals.ts); main.tsx renames what it derived from it. */
export const prerenderHost = 'localhost';
