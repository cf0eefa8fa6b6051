/** The SWR key of the Zoom connection (the header, the meetings page and the connect flow read and write the same). */
export const zoomConnectionKey = 'GET /zoom/connection';
