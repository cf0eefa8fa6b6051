/**
 * The mail providers' marks in their own colours (Google's sign-in branding guidelines, Microsoft's logo): brand
 * artwork, the same in both schemes, so not theme tokens; kept with the palettes as the web's colour literals are.
 */
export const googleMark = { yellow: '#FFC107', red: '#FF3D00', green: '#4CAF50', blue: '#1976D2' } as const;

export const microsoftMark = { red: '#f25022', green: '#7fba00', blue: '#00a4ef', yellow: '#ffb900' } as const;
