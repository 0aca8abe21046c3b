import { type Attributes, context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import type { Logger } from "pino";
import type { Tracing } from "./tracing.js";

/** The service's name unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise. */
const SERVICE_NAME = "recruiting-crm-web";

/**
 * The OpenTelemetry SDK (decision 015), loaded only when tracing is on. Spans go out in batches by
 * OTLP over HTTP (JSON) to `${endpoint}/v1/traces`, or to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT when
 * that is set; headers, timeout, sampler and batch sizes come from the SDK's standard variables. The
 * context of a request follows its asynchronous work (AsyncLocalStorage), and a caller's W3C
 * `traceparent` makes the request part of the caller's trace.
 */
export function openTelemetryTracing(opts: { endpoint: string; logger: Logger }): Tracing {
  const url = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || `${opts.endpoint.replace(/\/+$/, "")}/v1/traces`;
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": SERVICE_NAME }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))] });
  provider.register();
  const tracer = provider.getTracer(SERVICE_NAME);
  opts.logger.info({ url }, "tracing to an OpenTelemetry collector");

  /** Runs `run` in a client span under the active one; with `withinTrace`, only when there is one. */
  const client = <T>(name: string, attributes: Attributes, run: () => Promise<T>, withinTrace = true): Promise<T> => {
    if (withinTrace && !trace.getActiveSpan()) return run();
    return tracer.startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
      try {
        return await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message });
        throw error;
      } finally {
        span.end();
      }
    });
  };

  return {
    instrument(listener, routeOf) {
      return (req, res) => {
        const method = req.method ?? "GET";
        const path = (req.url ?? "/").split("?")[0] ?? "/";
        const parent = propagation.extract(ROOT_CONTEXT, req.headers);
        const span = tracer.startSpan(
          method,
          { kind: SpanKind.SERVER, attributes: { "http.request.method": method, "url.path": path } },
          parent,
        );
        res.once("close", () => {
          // Named once the answer is known, by the route that answered; pages and unknown paths keep the method alone.
          const route = routeOf(method, path);
          if (route !== "page") {
            span.updateName(`${method} ${route}`);
            span.setAttribute("http.route", route);
          }
          span.setAttribute("http.response.status_code", res.statusCode);
          if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          if (!res.writableFinished) span.setAttribute("error.type", "aborted");
          span.end();
        });
        context.with(trace.setSpan(parent, span), () => listener(req, res));
      };
    },
    query: (text, run) => {
      const operation = operationOf(text);
      return client(operation, { "db.system.name": "postgresql", "db.operation.name": operation, "db.query.text": text }, run);
    },
    redisCommand: (name, run) => client(name, { "db.system.name": "redis", "db.operation.name": name }, run),
    smtpSend: (host, run) => client("smtp send", { "server.address": host }, run, false),
    tagRequest(requestId) {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      span.setAttribute("request.id", requestId);
      return span.spanContext().traceId;
    },
    close: () => provider.shutdown(),
  };
}

/** A statement's first word (`SELECT`, `INSERT`, `BEGIN`): its operation, and its span's name. */
function operationOf(text: string): string {
  return (/^\s*(\w+)/.exec(text)?.[1] ?? "query").toUpperCase();
}
