// `*.md` imports are rendered at build time by web/vite/markdown.ts (registered in web/vite.config.ts).

declare module '*.md' {
  export const attributes: Record<string, string>;
  export const words: number;
  export const html: string;
}

declare module '*.md?meta' {
  export const attributes: Record<string, string>;
  export const words: number;
}
