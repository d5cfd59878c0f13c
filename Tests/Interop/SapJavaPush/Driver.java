/*
 * Drives SAP's own Java push client (SAP/java-integration-for-sap-mobile-services, client/, built by
 * ../shared/peers/sap-java-push/build.sh) against hubctl-emulator's Notification Backend API
 * (docs/protocol.md §16) and checks every answer against what SAP's API promises.
 *
 *   java -cp OUT:$(cat SAPDIR/classpath) Driver MODE EMULATOR_URL [APP_ID]
 *   java -cp OUT:$(cat SAPDIR/classpath) Driver methods
 *
 * MODE (how PushClientBuilder gets its credentials):
 *   apikey          SAP's settings file, a push service key with an API key
 *   apikey-path     the same, the key's url with a path after the host (EMULATOR_URL/<uuid>)
 *   binding         a service binding (uaa.clientid / uaa.clientsecret / uaa.url)
 *   binding-shared  the same with "tenantmode": "shared" and withTenantId(SAP_PUSH_TENANT or "tenant-a1")
 *   binding-x509    an x509 binding (uaa.certificate / uaa.key, uaa.certurl: a mutual-TLS front);
 *                   the JVM needs a trust store with that front's CA (-Djavax.net.ssl.trustStore=...)
 *   settings-uaa    SAP's settings file whose push service key carries `uaa` instead of `apiKey`
 *   methods         print PushClient's public method signatures (reflection) and exit
 *
 * Secrets come from the environment, never argv:
 *   SAP_PUSH_API_KEY                         apikey, apikey-path
 *   SAP_PUSH_CLIENT_ID, SAP_PUSH_CLIENT_SECRET   binding, binding-shared, settings-uaa
 *   SAP_PUSH_CERT_FILE, SAP_PUSH_KEY_FILE, SAP_PUSH_CERT_URL       binding-x509 (the accepted client, CN=alice)
 *   SAP_PUSH_CERT2_FILE, SAP_PUSH_KEY2_FILE                        binding-x509 (a second client, CN=bob)
 *
 * Before anything, the driver prepares the emulator through its control API (EMULATOR_URL/_emulator/push/...):
 * clears the recorded notifications, configures the mode's credentials for APP_ID (a full one, one lacking
 * push_all and pushregistrations_read) and seeds four devices (alice x2, bob, carol) in APP_ID. Then it calls every public
 * method of SAP's PushClient and the refusals SAP's error handler promises. One JSON line per check:
 *   {"call": "<method signature(s)>", "case": "...", "ok": true|false, "detail": "..."}
 * and a last line {"call": "PushClient coverage", "ok", "methods": [...], "notCalled": [...], "failed": n}.
 * Exit 0 only when every check passed and every method of the interface was called.
 *
 * Written for hubctl's tests (Apache-2.0 code of SAP is only called, not copied).
 */

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sap.cloud.security.xsuaa.client.OAuth2ServiceException;
import com.sap.mobile.services.client.ClientErrorException;
import com.sap.mobile.services.client.ClientException;
import com.sap.mobile.services.client.ClientUnauthorizedException;
import com.sap.mobile.services.client.MobileServicesBinding;
import com.sap.mobile.services.client.MobileServicesSettings;
import com.sap.mobile.services.client.push.ApnsNotification;
import com.sap.mobile.services.client.push.CapabilityUser;
import com.sap.mobile.services.client.push.GcmNotification;
import com.sap.mobile.services.client.push.LocalizedPushPayload;
import com.sap.mobile.services.client.push.LocalizedPushToCapabilitiesPayload;
import com.sap.mobile.services.client.push.LocalizedUserNotification;
import com.sap.mobile.services.client.push.NoMessageSentException;
import com.sap.mobile.services.client.push.NotificationStatus;
import com.sap.mobile.services.client.push.NotificationStatusResponse;
import com.sap.mobile.services.client.push.PushClient;
import com.sap.mobile.services.client.push.PushClientBuilder;
import com.sap.mobile.services.client.push.PushClientException;
import com.sap.mobile.services.client.push.PushPayload;
import com.sap.mobile.services.client.push.PushRegistration;
import com.sap.mobile.services.client.push.PushRegistrationsResponse;
import com.sap.mobile.services.client.push.PushResponse;
import com.sap.mobile.services.client.push.PushResult;
import com.sap.mobile.services.client.push.PushToCapabilitiesPayload;
import com.sap.mobile.services.client.push.StatusResponseStatus;
import com.sap.mobile.services.client.push.UserNotification;

public final class Driver {

	static final ObjectMapper JSON = new ObjectMapper();
	static final List<String> ALL_ROLES = List.of("push_single", "push_multiple", "push_all", "pushregistrations_read");
	/** A key or client without push_all and pushregistrations_read. */
	static final List<String> LIMITED_ROLES = List.of("push_single", "push_multiple");
	static final String KEY_PATH = "2787d5ea-17cb-4c71-85ca-a9600d4b97c9";
	static final String X509_CLIENT = "push-x509-client";
	static final String X509_LIMITED_CLIENT = "push-x509-limited";

	/** The seeded devices: user, deviceId, os, group, topics, capabilities, locale, form factor. */
	record Device(String user, String deviceId, String os, String group, List<String> topics, List<String> capabilities,
			String locale, String formFactor) {
		String token() {
			return "token-" + deviceId;
		}
	}

	static final List<Device> DEVICES = List.of(
			new Device("alice", "alice-phone", "ios", "field-team", List.of("orders"), List.of("chat"), "de", "phone"),
			new Device("alice", "alice-tablet", "android", null, List.of("news"), List.of("chat"), "en", "tablet"),
			new Device("bob", "bob-phone", "android", "field-team", List.of("orders"), List.of(), "fr", "phone"),
			new Device("carol", "carol-phone", "ios", null, List.of(), List.of("chat"), null, "phone"));

	final String mode;
	final String emulator;
	final String appId;
	final Map<String, String> env = System.getenv();
	final Set<String> secrets = new LinkedHashSet<>();
	/** Signatures of the PushClient methods called (outermost calls, through the recording proxy). */
	final Set<String> called = new TreeSet<>();
	/** Calls made during the current check, in order. */
	final List<String> current = new ArrayList<>();
	int failed = 0;
	/** deviceId → registration id, from getRegistrations(). */
	final Map<String, String> registrationIds = new LinkedHashMap<>();

	Driver(String mode, String emulator, String appId) {
		this.mode = mode;
		this.emulator = emulator.replaceAll("/+$", "");
		this.appId = appId;
	}

	public static void main(String[] args) throws Exception {
		if (args.length == 1 && args[0].equals("methods")) {
			ObjectNode line = JSON.createObjectNode();
			ArrayNode list = line.putArray("methods");
			interfaceMethods().forEach(list::add);
			System.out.println(JSON.writeValueAsString(line));
			return;
		}
		if (args.length < 2 || args.length > 3) {
			System.err.println("usage: Driver MODE EMULATOR_URL [APP_ID] | Driver methods");
			System.exit(64);
		}
		Driver d = new Driver(args[0], args[1], args.length == 3 ? args[2] : "com.example.demo");
		System.exit(d.run());
	}

	// MARK: - The interface, by reflection

	static String signature(Method m) {
		return m.getName() + "(" + Arrays.stream(m.getParameterTypes()).map(Class::getSimpleName)
				.collect(Collectors.joining(",")) + ")";
	}

	static Set<String> interfaceMethods() {
		Set<String> all = new TreeSet<>();
		for (Method m : PushClient.class.getMethods()) {
			if (!java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
				all.add(signature(m));
			}
		}
		return all;
	}

	/** The client behind a proxy that records every call made through it. */
	PushClient recording(PushClient real) {
		InvocationHandler handler = (proxy, method, args) -> {
			if (method.getDeclaringClass() == Object.class) {
				return method.invoke(real, args);
			}
			String sig = signature(method);
			called.add(sig);
			current.add(sig);
			try {
				return method.invoke(real, args);
			} catch (InvocationTargetException e) {
				throw e.getCause();
			}
		};
		return (PushClient) Proxy.newProxyInstance(Driver.class.getClassLoader(), new Class<?>[] { PushClient.class },
				handler);
	}

	// MARK: - Checks

	static final class Failure extends RuntimeException {
		private static final long serialVersionUID = 1L;

		Failure(String message) {
			super(message);
		}
	}

	interface Body {
		String run() throws Exception;
	}

	static void expect(boolean condition, String what) {
		if (!condition) {
			throw new Failure(what);
		}
	}

	/** Runs one check and prints its line. */
	void check(String label, Body body) {
		current.clear();
		boolean ok;
		String detail;
		try {
			detail = body.run();
			ok = true;
		} catch (Failure f) {
			ok = false;
			detail = f.getMessage();
		} catch (Throwable t) {
			ok = false;
			detail = "unexpected " + describe(t);
		}
		if (!ok) {
			failed++;
		}
		ObjectNode line = JSON.createObjectNode();
		line.put("call", current.isEmpty() ? "(no PushClient call)" : String.join(" + ", new LinkedHashSet<>(current)));
		line.put("case", label);
		line.put("ok", ok);
		line.put("detail", redact(detail));
		print(line);
	}

	void print(ObjectNode line) {
		try {
			System.out.println(JSON.writeValueAsString(line));
		} catch (IOException e) {
			throw new RuntimeException(e);
		}
	}

	String redact(String text) {
		if (text == null) {
			return null;
		}
		for (String s : secrets) {
			if (s != null && !s.isEmpty()) {
				text = text.replace(s, "***");
			}
		}
		return text;
	}

	/** An exception with its causes and, for SAP's, the answer's body. */
	static String describe(Throwable t) {
		StringBuilder sb = new StringBuilder();
		for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
			if (sb.length() > 0) {
				sb.append(" <- ");
			}
			sb.append(c.getClass().getName()).append(": ").append(c.getMessage());
			if (c instanceof ClientException ce && ce.getResponseBodyText() != null) {
				sb.append(" [body: ").append(ce.getResponseBodyText()).append("]");
			}
		}
		return sb.toString();
	}

	// MARK: - The emulator's control API

	JsonNode control(String method, String path, Object body) throws IOException {
		HttpURLConnection c = (HttpURLConnection) new URL(emulator + "/_emulator/push/" + path).openConnection();
		c.setRequestMethod(method);
		c.setConnectTimeout(10_000);
		c.setReadTimeout(30_000);
		if (body != null) {
			c.setDoOutput(true);
			c.setRequestProperty("Content-Type", "application/json");
			try (OutputStream out = c.getOutputStream()) {
				out.write(JSON.writeValueAsBytes(body));
			}
		}
		int status = c.getResponseCode();
		InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream();
		String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
		if (status >= 300) {
			throw new IOException(method + " /_emulator/push/" + path + " answered " + status + ": " + text);
		}
		return text.isBlank() ? null : JSON.readTree(text);
	}

	void prepareEmulator() throws IOException {
		control("DELETE", "notifications", null);
		ObjectNode credentials = JSON.createObjectNode();
		switch (mode) {
			case "apikey", "apikey-path" -> {
				ArrayNode keys = credentials.putArray("apiKeys");
				keys.add(key(apiKey(), "emulator", ALL_ROLES));
				keys.add(key(apiKey() + "-limited", "limited", LIMITED_ROLES));
			}
			case "binding", "binding-shared", "settings-uaa" -> {
				ArrayNode clients = credentials.putArray("clients");
				clients.add(client(clientId(), clientSecret(), null, ALL_ROLES));
				clients.add(client(clientId() + "-limited", clientSecret() + "-limited", null, LIMITED_ROLES));
			}
			case "binding-x509" -> {
				ArrayNode clients = credentials.putArray("clients");
				clients.add(client(X509_CLIENT, null, "alice", ALL_ROLES));
				clients.add(client(X509_LIMITED_CLIENT, null, "bob", LIMITED_ROLES));
			}
			default -> throw new IllegalArgumentException("unknown mode " + mode);
		}
		control("PUT", "credentials", credentials);
		ObjectNode seed = JSON.createObjectNode();
		seed.put("appId", appId);
		ArrayNode regs = seed.putArray("registrations");
		for (Device d : DEVICES) {
			ObjectNode r = regs.addObject();
			r.put("user", d.user());
			r.put("deviceId", d.deviceId());
			r.put("os", d.os());
			r.put("pushToken", d.token());
			r.put("deviceModel", d.os().equals("ios") ? "iPhone" : "Pixel");
			r.put("formFactor", d.formFactor());
			if (d.group() != null) {
				r.put("pushGroup", d.group());
			}
			if (d.locale() != null) {
				r.put("userLocale", d.locale());
			}
			d.topics().forEach(r.withArray("topics")::add);
			d.capabilities().forEach(r.withArray("capabilities")::add);
		}
		control("POST", "registrations", seed);
	}

	ObjectNode key(String key, String alias, List<String> roles) {
		ObjectNode k = JSON.createObjectNode();
		k.put("key", key);
		k.put("alias", alias);
		k.put("appId", appId);
		roles.forEach(k.withArray("roles")::add);
		return k;
	}

	ObjectNode client(String id, String secret, String certificateCN, List<String> roles) {
		ObjectNode c = JSON.createObjectNode();
		c.put("clientId", id);
		c.put("appId", appId);
		if (secret != null) {
			c.put("clientSecret", secret);
		}
		if (certificateCN != null) {
			c.put("certificateCN", certificateCN);
		}
		roles.forEach(c.withArray("roles")::add);
		return c;
	}

	// MARK: - Credentials and SAP's configuration documents

	String need(String name) {
		String v = env.get(name);
		if (v == null || v.isEmpty()) {
			throw new IllegalStateException("environment variable " + name + " is not set (mode " + mode + ")");
		}
		return v;
	}

	String apiKey() {
		return need("SAP_PUSH_API_KEY");
	}

	String clientId() {
		return need("SAP_PUSH_CLIENT_ID");
	}

	String clientSecret() {
		return need("SAP_PUSH_CLIENT_SECRET");
	}

	String file(String variable) throws IOException {
		return Files.readString(Path.of(need(variable)));
	}

	/** SAP's client settings file (client/src/test/resources/mobileservices-config.json's shape). */
	ObjectNode settings(ObjectNode serviceKey) {
		ObjectNode s = JSON.createObjectNode();
		s.put("server", emulator);
		s.put("platform", "CF");
		s.put("applicationId", appId);
		ObjectNode push = s.putArray("services").addObject();
		push.put("name", "push");
		push.putArray("serviceKeys").add(serviceKey);
		return s;
	}

	ObjectNode apiKeyServiceKey(String key) {
		ObjectNode k = JSON.createObjectNode();
		k.put("alias", "emulator");
		k.put("url", mode.equals("apikey-path") ? emulator + "/" + KEY_PATH : emulator);
		k.put("apiKey", key);
		return k;
	}

	ObjectNode uaa(String id, String secret) {
		ObjectNode u = JSON.createObjectNode();
		u.put("clientid", id);
		u.put("clientsecret", secret);
		u.put("url", emulator);
		u.put("identityzone", "emulator");
		if (mode.equals("binding-shared")) {
			u.put("tenantmode", "shared");
		}
		return u;
	}

	ObjectNode x509Uaa(String id, String certFile, String keyFile) throws IOException {
		ObjectNode u = JSON.createObjectNode();
		u.put("clientid", id);
		u.put("credential-type", "x509");
		u.put("certificate", file(certFile));
		u.put("key", file(keyFile));
		u.put("url", emulator);
		u.put("certurl", need("SAP_PUSH_CERT_URL"));
		u.put("identityzone", "emulator");
		return u;
	}

	/** A Cloud Foundry service binding's credentials, as MobileServicesBinding reads them. */
	ObjectNode binding(ObjectNode uaa) {
		ObjectNode b = JSON.createObjectNode();
		b.put("sap.cloud.service", appId);
		b.set("uaa", uaa);
		b.putObject("endpoints").putObject("mobileservices").put("url", emulator);
		return b;
	}

	static InputStream stream(ObjectNode document) throws IOException {
		return new ByteArrayInputStream(JSON.writeValueAsBytes(document));
	}

	PushClientBuilder builder() {
		PushClientBuilder b = new PushClientBuilder().withConnectTimeout(Duration.ofSeconds(10))
				.withReadTimeout(Duration.ofSeconds(30));
		if (mode.equals("binding-shared")) {
			b = b.withTenantId(tenant());
		}
		return b;
	}

	String tenant() {
		return env.getOrDefault("SAP_PUSH_TENANT", "tenant-a1");
	}

	enum Credentials {
		FULL, LIMITED, WRONG
	}

	/** A PushClient of this mode, built by SAP's PushClientBuilder from SAP's documents. */
	PushClient build(Credentials which) throws IOException {
		String suffix = switch (which) {
			case FULL -> "";
			case LIMITED -> "-limited";
			case WRONG -> "-wrong";
		};
		PushClient real = switch (mode) {
			case "apikey", "apikey-path" -> builder()
					.build(MobileServicesSettings.fromInputStream(stream(settings(apiKeyServiceKey(apiKey() + suffix)))));
			case "binding", "binding-shared" -> builder().build(MobileServicesBinding.fromInputStream(
					stream(binding(uaa(clientId() + (which == Credentials.LIMITED ? suffix : ""), clientSecret() + suffix)))));
			case "settings-uaa" -> {
				ObjectNode k = JSON.createObjectNode();
				k.put("alias", "uaa-key");
				k.put("url", emulator);
				k.set("uaa", uaa(clientId() + (which == Credentials.LIMITED ? suffix : ""), clientSecret() + suffix));
				yield builder().build(MobileServicesSettings.fromInputStream(stream(settings(k))), "uaa-key");
			}
			case "binding-x509" -> builder().build(MobileServicesBinding.fromInputStream(stream(binding(switch (which) {
				case FULL -> x509Uaa(X509_CLIENT, "SAP_PUSH_CERT_FILE", "SAP_PUSH_KEY_FILE");
				case LIMITED -> x509Uaa(X509_LIMITED_CLIENT, "SAP_PUSH_CERT2_FILE", "SAP_PUSH_KEY2_FILE");
				// a client id the service does not know, with alice's valid certificate
				case WRONG -> x509Uaa(X509_CLIENT + "-unknown", "SAP_PUSH_CERT_FILE", "SAP_PUSH_KEY_FILE");
			}))));
			default -> throw new IllegalArgumentException("unknown mode " + mode);
		};
		return recording(real);
	}

	// MARK: - Payloads

	static PushPayload payload(String alert) throws Exception {
		return PushPayload.builder().alert(alert).badge(3).sound("default").priority("high")
				.data(Map.of("order", "42")) // SAP serializes data to a JSON string
				.custom(Map.of("kind", "interop"))
				.apns(ApnsNotification.builder().alertTitle("title " + alert).threadId("interop").build())
				.gcm(GcmNotification.builder().title("title " + alert).timeToLive(Duration.ofHours(1)).build())
				.build();
	}

	static LocalizedPushPayload localized(String alert) throws Exception {
		// notifications(...) first: Builder.addLocale copies this.notifications, which is null until set.
		return LocalizedPushPayload.builder().notification(payload(alert))
				.notifications(Map.of("de", payload(alert + " (de)"), "fr", payload(alert + " (fr)"))).build();
	}

	// MARK: - What an answer must hold

	List<Device> devicesOf(String... users) {
		Set<String> wanted = Set.of(users);
		return DEVICES.stream().filter(d -> wanted.contains(d.user())).toList();
	}

	Set<String> ids(Collection<Device> devices) {
		return devices.stream().map(d -> registrationIds.get(d.deviceId())).collect(Collectors.toCollection(TreeSet::new));
	}

	/**
	 * A synchronous send's answer (DTOPushResponse): one result per device reached, its target the
	 * registration id, code 0 and a notification id (PushResult: 0 sent).
	 */
	String expectResults(PushResponse r, Collection<Device> expected) {
		expect(r != null, "the answer is null (PushResponse promised)");
		List<? extends PushResult> results = r.getResults();
		expect(results != null, "getResults() is null: pushResults missing");
		Set<String> targets = new TreeSet<>();
		for (PushResult p : results) {
			expect(p.getTarget() != null, "a result without target");
			expect(p.getCode() != null && p.getCode() == 0, "result for " + p.getTarget() + " has code " + p.getCode());
			expect(p.getNotificationId() != null && !p.getNotificationId().isEmpty(),
					"result for " + p.getTarget() + " has no notificationId");
			targets.add(p.getTarget());
		}
		expect(results.size() == targets.size(), "duplicate targets in " + results.size() + " results");
		Set<String> want = ids(expected);
		expect(targets.equals(want), "targets " + targets + ", expected registrations " + want + " ("
				+ expected.stream().map(Device::deviceId).toList() + ")");
		return results.size() + " results, code 0, targets = registration ids of "
				+ expected.stream().map(Device::deviceId).toList();
	}

	String lastNotificationId;

	String remember(PushResponse r) {
		lastNotificationId = r.getResults().get(0).getNotificationId();
		return lastNotificationId;
	}

	/** A refusal: exactly the exception class SAP's error handler throws for it. */
	interface Refused {
		void run() throws Exception;
	}

	<T extends Throwable> T expectThrown(Class<T> type, boolean exact, Refused call) throws Exception {
		try {
			call.run();
		} catch (Throwable t) {
			boolean matches = exact ? t.getClass() == type : type.isInstance(t);
			expect(matches, "threw " + describe(t) + ", expected " + (exact ? "exactly " : "") + type.getName());
			return type.cast(t);
		}
		throw new Failure("returned normally, expected " + type.getName());
	}

	// MARK: - The run

	int run() throws Exception {
		switch (mode) {
			case "apikey", "apikey-path" -> secrets.add(apiKey());
			case "binding", "binding-shared", "settings-uaa" -> secrets.add(clientSecret());
			case "binding-x509" -> {
				secrets.add(file("SAP_PUSH_KEY_FILE").trim());
				secrets.add(file("SAP_PUSH_KEY2_FILE").trim());
			}
			default -> {
				System.err.println("unknown mode " + mode);
				return 64;
			}
		}
		try {
			prepareEmulator();
		} catch (IOException e) {
			System.err.println("driver: preparing the emulator failed: " + redact(e.getMessage()));
			return 70;
		}
		PushClient push = build(Credentials.FULL);

		// Registrations first: the sends are checked against their ids.
		check("all registrations", () -> {
			PushRegistrationsResponse r = push.getRegistrations();
			expect(r != null && r.getValue() != null, "no registration list");
			for (PushRegistration reg : r.getValue()) {
				expect(reg.getId() != null && !reg.getId().isEmpty(), "a registration without id");
				registrationIds.put(reg.getDeviceId(), reg.getId());
			}
			for (Device d : DEVICES) {
				expect(registrationIds.containsKey(d.deviceId()), "seeded device " + d.deviceId() + " is not listed");
				PushRegistration reg = r.getValue().stream().filter(x -> d.deviceId().equals(x.getDeviceId()))
						.findFirst().orElseThrow();
				// never getLocale(): DTOPushRegistration.getLocale() calls itself (SAP's bug)
				expect(d.user().equals(reg.getUsername()), d.deviceId() + " username " + reg.getUsername());
				expect(reg.getProvider() != null && reg.getProvider().name().equals(d.os()),
						d.deviceId() + " provider " + reg.getProvider());
				expect(reg.getFormFactor() != null && reg.getFormFactor().name().equals(d.formFactor()),
						d.deviceId() + " formFactor " + reg.getFormFactor());
				expect(java.util.Objects.equals(d.group(), reg.getGroup()), d.deviceId() + " group " + reg.getGroup());
				expect(reg.getDeviceModel() != null, d.deviceId() + " deviceModel null");
			}
			return r.getValue().size() + " registrations, every seeded device with its user, provider, form factor, group";
		});
		if (registrationIds.size() < DEVICES.size()) {
			System.err.println("driver: the registrations could not be read; the sends cannot be checked");
		}
		check("registrations of alice", () -> {
			PushRegistrationsResponse r = push.getRegistrationsByUsername("alice");
			expect(r != null && r.getValue() != null, "no registration list");
			Set<String> got = r.getValue().stream().map(PushRegistration::getId).collect(Collectors.toCollection(TreeSet::new));
			expect(got.equals(ids(devicesOf("alice"))), "ids " + got + ", expected alice's " + ids(devicesOf("alice")));
			return got.size() + " registrations, alice's";
		});
		check("registrations of group field-team", () -> {
			PushRegistrationsResponse r = push.getRegistrationsByGroup("field-team");
			expect(r != null && r.getValue() != null, "no registration list");
			List<Device> want = DEVICES.stream().filter(d -> "field-team".equals(d.group())).toList();
			Set<String> got = r.getValue().stream().map(PushRegistration::getId).collect(Collectors.toCollection(TreeSet::new));
			expect(got.equals(ids(want)), "ids " + got + ", expected " + ids(want));
			return got.size() + " registrations of field-team";
		});
		check("registrations of alice in field-team", () -> {
			PushRegistrationsResponse r = push.getRegistrations(Optional.of("alice"), Optional.of("field-team"));
			expect(r != null && r.getValue() != null, "no registration list");
			Set<String> got = r.getValue().stream().map(PushRegistration::getId).collect(Collectors.toCollection(TreeSet::new));
			expect(got.equals(Set.of(registrationIds.get("alice-phone"))), "ids " + got + ", expected alice-phone's only");
			return "alice-phone only";
		});
		check("one registration by id", () -> {
			String id = registrationIds.get("bob-phone");
			Optional<PushRegistration> r = push.getRegistration(id);
			expect(r != null && r.isPresent(), "Optional.empty for the existing registration " + id);
			expect(id.equals(r.get().getId()), "id " + r.get().getId());
			expect("bob-phone".equals(r.get().getDeviceId()), "deviceId " + r.get().getDeviceId());
			expect("bob".equals(r.get().getUsername()), "username " + r.get().getUsername());
			return "present: bob-phone";
		});
		check("unknown registration id", () -> {
			Optional<PushRegistration> r = push.getRegistration("00000000-0000-4000-8000-000000000000");
			expect(r != null && r.isEmpty(), "expected Optional.empty (a 404 SAP reads as NoMessageSentException), got " + r);
			return "Optional.empty";
		});
		check("localizations of alice and bob", () -> {
			Set<String> r = push.getLocalizations(List.of("alice", "bob"));
			expect(r != null, "null");
			expect(r.equals(Set.of("de", "en", "fr")), "locales " + r + ", expected [de, en, fr]");
			return "locales " + new TreeSet<>(r);
		});
		check("localizations of everyone (null: all registered locales, PushClient's documentation)", () -> {
			Set<String> r = push.getLocalizations(null);
			expect(r != null, "null");
			expect(r.equals(Set.of("de", "en", "fr")), "locales " + r + ", expected [de, en, fr]");
			return "locales " + new TreeSet<>(r);
		});

		// Sends.
		check("application (every device)", () -> {
			PushResponse r = push.pushToApplication(payload("to everyone"));
			expect(r != null, "null answer");
			StatusResponseStatus s = r.getStatus();
			expect(s != null && s.getCode() != null && s.getCode() == 0, "status " + describe(s));
			return "accepted, status code 0";
		});
		check("application, localized", () -> {
			PushResponse r = push.pushToApplication(localized("to everyone, localized"));
			expect(r != null, "null answer");
			StatusResponseStatus s = r.getStatus();
			expect(s != null && s.getCode() != null && s.getCode() == 0, "status " + describe(s));
			return "accepted, status code 0";
		});
		check("one device", () -> {
			PushResponse r = push.pushToDevice("bob", "bob-phone", payload("to bob-phone"));
			String d = expectResults(r, List.of(DEVICES.get(2)));
			remember(r);
			return d;
		});
		check("one device, localized", () -> expectResults(
				push.pushToDevice("alice", "alice-phone", localized("to alice-phone")), List.of(DEVICES.get(0))));
		check("users", () -> expectResults(push.pushToUsers(List.of("alice", "bob"), payload("to alice and bob")),
				devicesOf("alice", "bob")));
		check("users, localized", () -> expectResults(
				push.pushToUsers(List.of("alice", "carol"), localized("to alice and carol")), devicesOf("alice", "carol")));
		check("users and user UUIDs, localized", () -> expectResults(
				push.pushToUsers(List.of("carol"), List.of("6f1c2d3e-0000-4000-8000-00000000c0c0"),
						localized("to carol by name and UUID")),
				devicesOf("carol")));
		check("group", () -> expectResults(push.pushToGroup("field-team", payload("to field-team")),
				DEVICES.stream().filter(d -> "field-team".equals(d.group())).toList()));
		check("group, localized", () -> expectResults(push.pushToGroup("field-team", localized("to field-team, localized")),
				DEVICES.stream().filter(d -> "field-team".equals(d.group())).toList()));
		check("bulk: alice her own text, bob the root's (a UserNotification without notification)", () -> {
			List<UserNotification> users = List.of(
					UserNotification.builder().user("alice").notification(payload("bulk for alice")).build(),
					UserNotification.builder().user("bob").build());
			return expectResults(push.bulkPush(payload("bulk root"), users), devicesOf("alice", "bob"));
		});
		check("bulk, localized: carol her own text, bob the root's", () -> {
			List<LocalizedUserNotification> users = List.of(
					LocalizedUserNotification.builder().user("carol").notification(localized("localized bulk for carol")).build(),
					LocalizedUserNotification.builder().user("bob").build());
			return expectResults(push.bulkPush(localized("localized bulk root"), users), devicesOf("carol", "bob"));
		});
		check("capability chat, alice's phones only, badge 7", () -> {
			PushToCapabilitiesPayload p = PushToCapabilitiesPayload.builder()
					.capabilityUsers(List.of(CapabilityUser.builder().user("alice").formFactor(List.of("phone")).badge(7).build()))
					.notification(payload("capability chat")).build();
			return expectResults(push.pushToCapability("chat", p), List.of(DEVICES.get(0)));
		});
		check("capability chat, localized, alice and carol", () -> {
			LocalizedPushToCapabilitiesPayload p = LocalizedPushToCapabilitiesPayload.builder()
					.users(List.of(CapabilityUser.builder().user("alice").formFactor(List.of("phone", "tablet")).build(),
							CapabilityUser.builder().user("carol").formFactor(List.of("phone")).build()))
					.notification(localized("capability chat, localized")).build();
			return expectResults(push.pushToCapability("chat", p), devicesOf("alice", "carol"));
		});
		check("topics orders, every subscriber", () -> expectResults(
				push.pushToTopics(null, List.of("orders"), localized("topic orders")),
				DEVICES.stream().filter(d -> d.topics().contains("orders")).toList()));
		check("topics orders and news, only alice (users and user UUIDs)", () -> expectResults(
				push.pushToTopics(List.of("alice"), List.of("6f1c2d3e-0000-4000-8000-00000000a11c"), List.of("orders", "news"),
						localized("topics for alice")),
				devicesOf("alice")));
		check("status of a notification a send returned", () -> {
			expect(lastNotificationId != null, "no notification id from the device send");
			NotificationStatusResponse r = push.getNotificationStatus(lastNotificationId);
			expect(r != null, "null");
			NotificationStatus s = r.getStatusDetails();
			expect(s != null, "no statusDetails");
			expect(lastNotificationId.equals(s.getNotificationId()), "notificationId " + s.getNotificationId());
			expect(s.getStatus() != null, "status null");
			expect(s.getCaller() != null, "caller null");
			return "status " + s.getStatus() + ", type " + s.getNotificationType() + ", caller " + s.getCaller();
		});

		// Refusals, as SAP's error handlers promise them.
		check("a user without registration: NoMessageSentException with the service's status", () -> {
			NoMessageSentException e = expectThrown(NoMessageSentException.class, true,
					() -> push.pushToUsers(List.of("nobody"), payload("to nobody")));
			expect(e.getResponse() != null && e.getResponse().getStatus() != null,
					"no PushResponse with a status in the exception (body " + e.getResponseBodyText() + ")");
			return "NoMessageSentException: " + e.getMessage() + ", status code " + e.getResponse().getStatus().getCode();
		});
		check("a device without registration: NoMessageSentException", () -> {
			NoMessageSentException e = expectThrown(NoMessageSentException.class, true,
					() -> push.pushToDevice("alice", "no-such-device", payload("to no device")));
			return "NoMessageSentException: " + e.getMessage();
		});
		check("an empty users list: 400 with validation errors, ClientErrorException", () -> {
			// SAP sends no "users" (an empty collection is left out); the service's 400 is a bare array
			// of {field, message}, which is no PushResponse, so the generic handler answers.
			ClientErrorException e = expectThrown(ClientErrorException.class, true,
					() -> push.pushToUsers(List.of(), payload("to no one")));
			JsonNode body = JSON.readTree(e.getResponseBodyText());
			expect(body != null && body.isArray() && body.size() > 0 && body.get(0).hasNonNull("field")
					&& body.get(0).hasNonNull("message"), "body is not [{field, message}]: " + e.getResponseBodyText());
			expect(e.getMessage() != null && e.getMessage().startsWith("400"), "message " + e.getMessage());
			return "ClientErrorException " + e.getMessage() + ": " + e.getResponseBodyText();
		});

		PushClient limited = build(Credentials.LIMITED);
		check("credentials without push_all: 403 the client reads (PushClientException with the status)", () -> {
			PushClientException e = expectThrown(PushClientException.class, true,
					() -> limited.pushToApplication(payload("not allowed")));
			return forbidden(e);
		});
		check("credentials without pushregistrations_read: 403 PushClientException", () -> {
			PushClientException e = expectThrown(PushClientException.class, true, limited::getRegistrations);
			return forbidden(e);
		});

		PushClient wrong = build(Credentials.WRONG);
		if (mode.startsWith("apikey")) {
			check("a wrong API key, a read: ClientUnauthorizedException", () -> {
				// RestTemplateResponseErrorHandler: a 401 whose body is no PushResponse
				ClientUnauthorizedException e = expectThrown(ClientUnauthorizedException.class, true, wrong::getRegistrations);
				return "ClientUnauthorizedException: " + e.getMessage() + " [body: " + e.getResponseBodyText() + "]";
			});
			check("a wrong API key, a send: 401, which the JDK's streaming POST reports as HttpRetryException", () -> {
				// Spring's SimpleClientHttpRequestFactory (what Spring Boot picks with SAP's dependencies)
				// streams request bodies; HttpURLConnection then turns any 401 into HttpRetryException and
				// SAP's error handler never sees the answer: ResourceAccessException, whatever the body.
				org.springframework.web.client.ResourceAccessException e = expectThrown(
						org.springframework.web.client.ResourceAccessException.class, true,
						() -> wrong.pushToUsers(List.of("alice"), payload("wrong key")));
				expect(e.getCause() instanceof java.net.HttpRetryException r && r.responseCode() == 401,
						"cause is not an HttpRetryException for 401: " + describe(e));
				return "ResourceAccessException <- HttpRetryException 401";
			});
		} else {
			check("wrong client credentials: the token request fails with 401 (RestClientException from the XSUAA interceptor)", () -> {
				org.springframework.web.client.RestClientException e = expectThrown(
						org.springframework.web.client.RestClientException.class, true,
						() -> wrong.pushToUsers(List.of("alice"), payload("wrong client")));
				OAuth2ServiceException o = null;
				for (Throwable c = e; c != null; c = c.getCause()) {
					if (c instanceof OAuth2ServiceException x) {
						o = x;
					}
				}
				expect(o != null, "no OAuth2ServiceException among the causes: " + describe(e));
				expect(o.getHttpStatusCode() != null && o.getHttpStatusCode() == 401,
						"token endpoint answered " + o.getHttpStatusCode() + ", expected 401: " + describe(o));
				return "token request refused with 401";
			});
		}

		// Coverage: every public method of the interface called.
		Set<String> methods = interfaceMethods();
		Set<String> notCalled = new TreeSet<>(methods);
		notCalled.removeAll(called);
		ObjectNode line = JSON.createObjectNode();
		line.put("call", "PushClient coverage");
		line.put("ok", notCalled.isEmpty());
		line.put("detail", notCalled.isEmpty() ? "all " + methods.size() + " public methods called"
				: "never called: " + notCalled);
		methods.forEach(line.withArray("methods")::add);
		called.forEach(line.withArray("called")::add);
		notCalled.forEach(line.withArray("notCalled")::add);
		line.put("failed", failed);
		print(line);
		return failed == 0 && notCalled.isEmpty() ? 0 : 1;
	}

	static String describe(StatusResponseStatus s) {
		return s == null ? "null" : "{code " + s.getCode() + ", message " + s.getMessage() + ", parameters " + s.getParameters() + "}";
	}

	/**
	 * A 403: PushRestTemplateResponseErrorHandler reads a status object into the PushResponse of a
	 * PushClientException (it falls back to a bare ClientErrorException only when the body is no
	 * PushResponse, e.g. when "parameters" is not a map of strings).
	 */
	static String forbidden(PushClientException e) {
		expect(e.getResponse() != null, "no PushResponse in the exception");
		StatusResponseStatus s = e.getResponse().getStatus();
		expect(s != null && s.getCode() != null && s.getCode() == 403, "status " + describe(s));
		expect(s.getMessage() != null && !s.getMessage().isEmpty(), "no message in the status");
		expect(e.getMessage() != null && e.getMessage().startsWith("403"), "message " + e.getMessage());
		return "PushClientException " + e.getMessage() + ", status " + describe(s);
	}
}
