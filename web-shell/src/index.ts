// Async boundary: the shared singletons (react, the router, the core...) are negotiated by the
// module-federation runtime before the application code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
