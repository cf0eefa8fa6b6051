/** The pipeline page (SPEC §2 'Protected routes'). */
export const pipelinePaths = { pipeline: '/pipeline' } as const;
