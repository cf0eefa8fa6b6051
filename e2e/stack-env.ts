/**
 * The local stack the end-to-end tests run against: other ports and another data folder than `npm start`, so both can
 * run at once. E2E_PORT_OFFSET moves every port (and the folder), so two runs can share a machine.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const port = (base: number) => String(base + offset);

export const stackEnv = {
  LOCAL_WEB_PORT: port(5273),
  LOCAL_API_PORT: port(3101),
  LOCAL_DYNAMODB_PORT: port(8100),
  LOCAL_S3_PORT: port(4669),
  LOCAL_COGNITO_PORT: port(9329),
  LOCAL_COGNITO_EMULATOR_PORT: port(9330),
  LOCAL_SANDBOX_PORT: port(4110),
  LOCAL_DIR: offset ? `.local/e2e-${offset}` : '.local/e2e',
  // the web as it is deployed: a production build (infra/local/web.ts), whose pages load in one request per chunk
  LOCAL_WEB: 'built',
};
