import Foundation
import LarderNet
import Testing
import TestSupport

/// The fetcher against a server that misbehaves on purpose (Tools/local-server.py). Timeouts
/// and backoff are shortened so the suite stays quick; the behaviour is the same as with the
/// defaults.
@Suite(.serialized) struct FetcherFaultTests {
    let server: LocalServer
    let fetcher: Fetcher

    init() async throws {
        server = try await LocalServer()
        var settings = FetchSettings()
        settings.totalTimeout = 2
        settings.connectTimeout = 2
        settings.retry.baseDelay = 0.05
        settings.retry.maxDelay = 0.2
        settings.retry.maxRetryAfter = 5
        fetcher = Fetcher(settings: settings)
    }

    func failure(_ path: String) async -> FetchError? {
        do {
            _ = try await fetcher.fetch(server.url(path))
            return nil
        } catch {
            return error as? FetchError
        }
    }

    func hits(_ path: String) async throws -> Int {
        Int(String(decoding: try await fetcher.fetch(server.url("/fault/hits" + path.dropFirst("/fault".count))).body, as: UTF8.self)) ?? -1
    }

    @Test func fetchesAPageAndItsHeaders() async throws {
        let page = try await fetcher.fetch(server.url("/recipe/apple-pie"))
        #expect(page.status == 200)
        #expect(page.mediaType == "text/html")
        #expect(String(decoding: page.body, as: UTF8.self).contains("\"name\": \"Apple Pie\""))
        #expect(page.attempts == 1)
    }

    @Test func notFoundAndGoneFailAtOnceWithAdvice() async throws {
        let missing = await failure("/fault/status/404")
        #expect(missing?.description == "404 Not Found from 127.0.0.1 (the page is not there; check the address)")
        let gone = await failure("/fault/status/410")
        #expect(gone?.description.hasPrefix("410 Gone from 127.0.0.1") == true)
        let forbidden = await failure("/fault/status/403")
        #expect(forbidden?.description.contains("save the page in a browser and import the file") == true)
    }

    @Test func otherClientErrorsAreNotRetried() async throws {
        let path = "/fault/flaky/400/1/no-retry"
        #expect(await failure(path) == .status(400, host: "127.0.0.1", retryAfter: nil))
        #expect(try await hits(path) == 1)
    }

    @Test func retriesA500ThenSucceeds() async throws {
        let path = "/fault/flaky/500/2/retry-500"
        let page = try await fetcher.fetch(server.url(path))
        #expect(page.status == 200)
        #expect(page.attempts == 3)
    }

    /// A lower bound: a loaded machine can make the wait longer, never shorter.
    @Test func honoursRetryAfterSecondsOn429() async throws {
        let started = Date()
        let page = try await fetcher.fetch(server.url("/fault/flaky/429/1/wait-1?retry-after=1"))
        #expect(page.status == 200)
        #expect(Date().timeIntervalSince(started) >= 0.95)
    }

    @Test func refusesToWaitLongerThanItsLimit() async throws {
        let error = await failure("/fault/status/429?retry-after=3600")
        #expect(error?.description.contains("asked to wait 3600 s") == true)
    }

    @Test func gives503ForeverUpAfterTheMaximumAttempts() async throws {
        let path = "/fault/flaky/503/1000/forever"
        #expect(await failure(path) == .status(503, host: "127.0.0.1", retryAfter: nil))
        #expect(try await hits(path) == fetcher.settings.retry.maxAttempts)
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let error = await failure("/fault/hang")
        #expect(error == .timedOut(seconds: 2, host: "127.0.0.1", phase: .awaitingAnswer))
        #expect(error?.description == "timed out after 2 s: 127.0.0.1 accepted the connection but sent no answer")
    }

    @Test func aResetConnectionIsRetriedThenReported() async throws {
        let error = await failure("/fault/reset")
        #expect(error == .connectionLost(host: "127.0.0.1", phase: .awaitingAnswer, reset: true))
    }

    @Test func aHalfBodyIsReportedAsTruncated() async throws {
        #expect(await failure("/fault/half") == .truncated(host: "127.0.0.1"))
    }

    @Test func a100MBAnswerIsRefusedWithOrWithoutContentLength() async throws {
        #expect(await failure("/fault/huge") == .tooLarge(limitBytes: 20 * 1024 * 1024))
        #expect(await failure("/fault/huge/unannounced") == .tooLarge(limitBytes: 20 * 1024 * 1024))
    }

    @Test func aRedirectLoopStops() async throws {
        #expect(await failure("/fault/loop/a") == .redirectLoop(url: server.url("/fault/loop/a").absoluteString))
    }

    @Test func aRedirectToAFileIsRefused() async throws {
        let error = await failure("/fault/redirect?to=file:///etc/passwd")
        #expect(error?.description == "redirect to file:// refused (only http and https are followed)")
        #expect(await failure("/fault/redirect?to=ftp://127.0.0.1/x") == .redirectRefused(scheme: "ftp"))
    }

    @Test func followsAnHTTPRedirectAndReportsTheFinalAddress() async throws {
        let target = server.url("/recipe/moved").absoluteString
        let page = try await fetcher.fetch(server.url("/fault/redirect?to=\(target)"))
        #expect(page.url.absoluteString == target)
    }

    @Test func decodesGzipAnswers() async throws {
        let page = try await fetcher.fetch(server.url("/fault/gzip/soup"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("Gzipped Soup"))
    }

    @Test func aGzipBombStopsAtTheSizeLimitOfTheDecodedBytes() async throws {
        // 4 KB on the wire, 4 MB decoded: refused by the decoded size.
        var settings = fetcher.settings
        settings.maxBodyBytes = 1 << 20
        let small = Fetcher(settings: settings)
        await #expect(throws: FetchError.tooLarge(limitBytes: 1 << 20)) { try await small.fetch(server.url("/fault/gzip-bomb")) }
    }

    @Test func aTruncatedGzipAnswerDoesNotDecompress() async throws {
        #expect(await failure("/fault/gzip-truncated/soup") == .badEncoding(host: "127.0.0.1"))
    }

    @Test func refusesSchemesOtherThanHTTP() async throws {
        await #expect(throws: FetchError.unsupportedScheme("file")) { try await fetcher.fetch(URL(string: "file:///etc/passwd")!) }
    }

    @Test func aClosedPortIsAConnectionFailure() async throws {
        let error = await { () async -> FetchError? in
            do { _ = try await fetcher.fetch(URL(string: "http://127.0.0.1:9/nothing")!); return nil } catch { return error as? FetchError }
        }()
        #expect(error == .connectionFailed(host: "127.0.0.1", detail: "connection refused"))
    }
}
