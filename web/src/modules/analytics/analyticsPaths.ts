/** The pixel test page (SPEC §2 'Protected routes'). */
export const analyticsPaths = { redditPixelTest: '/test/reddit-pixel' } as const;
