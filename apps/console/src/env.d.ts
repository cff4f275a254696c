declare module '*.css';
declare module '*?worker&url' {
  const url: string;
  export default url;
}
declare module 'world-atlas/*.json' {
  const topology: unknown;
  export default topology;
}
