import { formatRouteTable, readClientBuild } from "../test/bundle-sizes";

// Prints each route's own JavaScript (gzip) from the last `remix build`, largest first.
const build = readClientBuild();
console.log(formatRouteTable(build));
for (const leak of build.leaks) console.log(`LEAK ${leak.kind}: ${leak.source} in ${leak.output}`);
