import java.io.IOException;
import java.math.BigInteger;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Drives a {@code legalcasts serve --port N} over HTTP as a game engine's bridge would: it loads a state, asks the
 * options of a card's cast prompt by prompt, takes the first option each time, then checks the cast it reached.
 * Each step is printed. Java 17, the JDK alone.
 *
 * <pre>
 * javac -d out clients/java/LegalcastsBridge.java
 * java -cp out LegalcastsBridge http://127.0.0.1:8765/ examples/case03-raid-4plains.json raid
 * </pre>
 *
 * Exit code 0 when the cast reached is legal, 1 when it is not, 2 on an error (one line on stderr).
 */
public final class LegalcastsBridge {
    private final HttpClient http = HttpClient.newHttpClient();
    private final URI url;
    private long nextId = 1;

    private LegalcastsBridge(URI url) {
        this.url = url;
    }

    /** A JSON-RPC error answer: its code and message. */
    static final class RpcException extends Exception {
        private static final long serialVersionUID = 1L;
        final long code;

        RpcException(long code, String message) {
            super(message + " (JSON-RPC error " + code + ")");
            this.code = code;
        }
    }

    /** Call a method with named params; return its result, or throw the error answer. */
    @SuppressWarnings("unchecked")
    Object call(String method, Map<String, Object> params) throws IOException, InterruptedException, RpcException {
        Map<String, Object> request = new LinkedHashMap<>();
        request.put("jsonrpc", "2.0");
        request.put("id", nextId++);
        request.put("method", method);
        request.put("params", params);
        HttpRequest post = HttpRequest.newBuilder(url)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(request), StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response = null;
        for (int attempt = 0; response == null; attempt++) {
            try {
                response = http.send(post, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            } catch (java.net.ConnectException refused) {
                if (attempt >= 50) {  // a server just started listens within seconds: wait up to 10 s for it
                    throw refused;
                }
                Thread.sleep(200);
            }
        }
        Map<String, Object> answer = (Map<String, Object>) Json.parse(response.body());
        if (answer.containsKey("error")) {
            Map<String, Object> error = (Map<String, Object>) answer.get("error");
            throw new RpcException((Long) error.get("code"), (String) error.get("message"));
        }
        return answer.get("result");
    }

    /**
     * A count or action id of a result, exact at any size: the server writes one past 2^53 - 1 a second time as a
     * decimal string, in the field of its name with "_decimal" after it.
     */
    static BigInteger number(Map<String, Object> result, String key) {
        Object decimal = result.get(key + "_decimal");
        if (decimal instanceof String text) {
            return new BigInteger(text);
        }
        Object value = result.get(key);
        if (value instanceof BigInteger big) {
            return big;
        }
        return value == null ? null : BigInteger.valueOf(((Number) value).longValue());
    }

    private static Map<String, Object> params(Object... keysAndValues) {
        Map<String, Object> params = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            params.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return params;
    }

    @SuppressWarnings("unchecked")
    private int run(String stateFile, String card) throws Exception {
        Object state = Json.parse(Files.readString(Path.of(stateFile), StandardCharsets.UTF_8));
        Map<String, Object> loaded = (Map<String, Object>) call("load_state", params("state", state));
        String digest = (String) loaded.get("digest");
        System.out.println("load_state: digest " + digest + ", castable " + Json.write(loaded.get("castable")));
        Map<String, Object> chosen = new LinkedHashMap<>();
        for (int step = 1; ; step++) {
            Map<String, Object> options = (Map<String, Object>) call("options",
                    params("digest", digest, "card", card, "chosen", chosen));
            if (options.get("cast") != null) {
                System.out.println("cast: " + Json.write(options.get("cast")) + " (action id "
                        + number(options, "action_id") + ")");
                Map<String, Object> checked = (Map<String, Object>) call("check",
                        params("digest", digest, "card", card, "cast", options.get("cast")));
                boolean legal = Boolean.TRUE.equals(checked.get("legal"));
                System.out.println("check: " + (legal ? "legal" : "illegal " + Json.write(checked.get("reasons")))
                        + ", action id " + number(checked, "action_id"));
                return legal ? 0 : 1;
            }
            List<Object> offered = (List<Object>) options.get("options");
            if (offered == null || offered.isEmpty()) {
                System.out.println("no legal cast (" + number(options, "count") + " casts)");
                return 1;
            }
            StringBuilder line = new StringBuilder();
            for (Object option : offered) {
                Map<String, Object> one = (Map<String, Object>) option;
                line.append(line.length() == 0 ? "" : ", ").append(Json.write(one.get("value")))
                        .append(" (").append(number(one, "count")).append(")");
            }
            Object first = ((Map<String, Object>) offered.get(0)).get("value");
            Object instance = options.get("instance");  // the instance of "target" a target prompt is about
            System.out.println("prompt " + step + ": " + options.get("prompt")
                    + (instance == null ? "" : " " + Json.write(((Map<String, Object>) instance).get("phrase")))
                    + ", " + number(options, "count") + " casts: " + line + " -> " + Json.write(first));
            chosen.put((String) options.get("prompt"), first);
        }
    }

    public static void main(String[] args) {
        if (args.length != 3) {
            System.err.println("usage: java LegalcastsBridge URL STATE_FILE CARD_ID");
            System.exit(2);
        }
        try {
            System.exit(new LegalcastsBridge(URI.create(args[0])).run(args[1], args[2]));
        } catch (java.nio.file.NoSuchFileException error) {
            System.err.println("LegalcastsBridge: " + error.getFile() + ": no such file");
            System.exit(2);
        } catch (java.net.ConnectException error) {
            System.err.println("LegalcastsBridge: no server answers at " + args[0] + " (is legalcasts serve --port running?)");
            System.exit(2);
        } catch (Exception error) {
            String message = error.getMessage();
            System.err.println("LegalcastsBridge: " + (message == null ? error.getClass().getSimpleName() : message));
            System.exit(2);
        }
    }

    /** A minimal JSON reader and writer: objects (LinkedHashMap), arrays (ArrayList), strings, numbers, booleans, null. */
    static final class Json {
        private final String text;
        private int at;

        private Json(String text) {
            this.text = text;
        }

        /** Decode one JSON document; integers as Long (BigInteger past a long), other numbers as Double. */
        static Object parse(String text) {
            Json reader = new Json(text);
            Object value = reader.value();
            reader.space();
            if (reader.at != text.length()) {
                throw reader.fail("text after the JSON value");
            }
            return value;
        }

        private IllegalArgumentException fail(String what) {
            return new IllegalArgumentException("not JSON: " + what + " at offset " + at);
        }

        private void space() {
            while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
        }

        private Object value() {
            space();
            if (at >= text.length()) {
                throw fail("end of text");
            }
            char c = text.charAt(at);
            if (c == '{') {
                Map<String, Object> object = new LinkedHashMap<>();
                at++;
                space();
                if (text.charAt(at) == '}') {
                    at++;
                    return object;
                }
                while (true) {
                    space();
                    String key = string();
                    space();
                    expect(':');
                    object.put(key, value());
                    space();
                    if (text.charAt(at) == ',') {
                        at++;
                    } else {
                        expect('}');
                        return object;
                    }
                }
            }
            if (c == '[') {
                List<Object> array = new ArrayList<>();
                at++;
                space();
                if (text.charAt(at) == ']') {
                    at++;
                    return array;
                }
                while (true) {
                    array.add(value());
                    space();
                    if (text.charAt(at) == ',') {
                        at++;
                    } else {
                        expect(']');
                        return array;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            if (text.startsWith("true", at)) {
                at += 4;
                return Boolean.TRUE;
            }
            if (text.startsWith("false", at)) {
                at += 5;
                return Boolean.FALSE;
            }
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            String number = text.substring(start, at);
            if (number.isEmpty()) {
                throw fail("unexpected character '" + c + "'");
            }
            if (number.matches("-?\\d+")) {
                try {
                    return Long.parseLong(number);
                } catch (NumberFormatException pastLong) {  // past 2^63 - 1: a count of casts may be
                    return new BigInteger(number);
                }
            }
            return Double.parseDouble(number);
        }

        private void expect(char c) {
            if (at >= text.length() || text.charAt(at) != c) {
                throw fail("expected '" + c + "'");
            }
            at++;
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                if (at >= text.length()) {
                    throw fail("unterminated string");
                }
                char c = text.charAt(at++);
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char escaped = text.charAt(at++);
                switch (escaped) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(escaped);  // \" \\ \/
                }
            }
        }

        /** Encode a value made of maps, lists, strings, numbers, booleans and null. */
        static String write(Object value) {
            StringBuilder out = new StringBuilder();
            write(value, out);
            return out.toString();
        }

        @SuppressWarnings("unchecked")
        private static void write(Object value, StringBuilder out) {
            if (value == null) {
                out.append("null");
            } else if (value instanceof String s) {
                out.append('"');
                for (char c : s.toCharArray()) {
                    switch (c) {
                        case '"' -> out.append("\\\"");
                        case '\\' -> out.append("\\\\");
                        case '\n' -> out.append("\\n");
                        case '\r' -> out.append("\\r");
                        case '\t' -> out.append("\\t");
                        default -> {
                            if (c < 0x20) {
                                out.append(String.format("\\u%04x", (int) c));
                            } else {
                                out.append(c);
                            }
                        }
                    }
                }
                out.append('"');
            } else if (value instanceof Map<?, ?> map) {
                out.append('{');
                boolean first = true;
                for (Map.Entry<?, ?> entry : map.entrySet()) {
                    out.append(first ? "" : ", ");
                    first = false;
                    write(entry.getKey().toString(), out);
                    out.append(": ");
                    write(entry.getValue(), out);
                }
                out.append('}');
            } else if (value instanceof List<?> list) {
                out.append('[');
                for (int i = 0; i < list.size(); i++) {
                    out.append(i == 0 ? "" : ", ");
                    write(list.get(i), out);
                }
                out.append(']');
            } else {
                out.append(value);  // Long, BigInteger, Double, Boolean
            }
        }
    }
}
