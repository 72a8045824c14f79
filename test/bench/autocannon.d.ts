// The part of autocannon (no types of its own) that the bench uses.
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { method?: string; path: string }[];
  };
  type Result = { requests: { average: number; total: number; sent: number }; errors: number; timeouts: number; non2xx: number };
  type Instance = {
    on(event: "response", listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): Instance;
  };
  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): Instance;
  export default autocannon;
}
