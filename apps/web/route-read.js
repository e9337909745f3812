// A page's first read, asked for as its HTML is parsed rather than once the app's code has run: the build inlines this
// into the page of each route of ROUTE_READS (src/lib/list-routes.ts, kim:route-pages), called with the route, the
// procedure and its input. "$name" in the input is that segment of the path.
// The URL is the one the route's loader sends (tRPC's, the query alone in its batch), so its fetch takes this answer.
/* global document, location */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- called by the line the build writes after it
function routeRead(route, procedure, input) {
  try {
    var path = location.pathname.split("/").slice(1);
    var values = {};
    route.split("/").forEach(function (segment, i) {
      if (segment.charAt(0) === "$") values[segment] = decodeURIComponent(path[i] || "");
    });
    var filled = {};
    for (var key in input) filled[key] = Object.prototype.hasOwnProperty.call(values, input[key]) ? values[input[key]] : input[key];
    var link = document.createElement("link");
    link.rel = "preload";
    link.as = "fetch";
    // Credentials as the tRPC client's fetch sends them, or the preload would not be used.
    link.crossOrigin = "use-credentials";
    link.href = "/trpc/" + procedure + "?batch=1&input=" + encodeURIComponent(JSON.stringify({ 0: filled }));
    document.head.appendChild(link);
  } catch {
    // A path that does not decode: the page asks as it would have without this.
  }
}
