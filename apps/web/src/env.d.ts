/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL of the API (spec section 7: "from environment configuration"); default `/api`, same origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
