// Stylesheets are bundled by webpack (style-loader); importing one yields nothing typed.
declare module '*.css';
