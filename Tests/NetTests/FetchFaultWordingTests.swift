import Foundation
import LarderNet
import Testing
import TestSupport

/// Each way a server can misbehave is named for what it did, never as another: a reset is not
/// "out of memory", garbage is not "http:// addresses are not fetched", a server that accepted
/// the connection and then dawdles is not one that could not be reached. Each case has its own
/// server, so the cases run side by side.
struct FetchFaultWordingTests {
    let server: LocalServer

    init() async throws {
        server = try await LocalServer()
    }

    /// Short limits, where the whole-transfer limit strikes first.
    var fetcher: Fetcher {
        var settings = FetchSettings()
        settings.totalTimeout = 2
        settings.connectTimeout = 2
        settings.retry.baseDelay = 0.05
        settings.retry.maxDelay = 0.2
        return Fetcher(settings: settings)
    }

    /// Limits where the low-speed one strikes first, and one attempt.
    var lowSpeedFetcher: Fetcher {
        var settings = FetchSettings()
        settings.connectTimeout = 1
        settings.lowSpeedTime = 1
        settings.totalTimeout = 5
        settings.retry.maxAttempts = 1
        return Fetcher(settings: settings)
    }

    func failure(_ url: URL, fetcher: Fetcher) async -> FetchError? {
        do {
            _ = try await fetcher.fetch(url)
            return nil
        } catch {
            return error as? FetchError
        }
    }

    /// Each fault is named for what the server did, never as another (a reset is not "out of
    /// memory", garbage is not "http:// addresses are not fetched").
    @Test(arguments: [
        ("/fault/reset", "127.0.0.1 reset the connection before answering"),
        ("/fault/reset-in-headers", "127.0.0.1 reset the connection while sending the answer's headers"),
        ("/fault/reset-in-body", "127.0.0.1 reset the connection in the middle of the answer"),
        ("/fault/empty", "127.0.0.1 closed the connection without answering"),
        ("/fault/not-http", "127.0.0.1 answered with something that is not HTTP"),
        ("/fault/huge-headers", "127.0.0.1 sent headers larger than Larder reads (a broken or hostile server)"),
        ("/fault/huge-headers/many", "127.0.0.1 sent headers larger than Larder reads (a broken or hostile server)"),
        ("/fault/bad-chunks", "127.0.0.1 sent a malformed answer (its chunked encoding is broken)"),
        ("/fault/bad-gzip", "127.0.0.1 sent a compressed answer that does not decompress"),
        ("/fault/slow-headers", "timed out after 2 s: 127.0.0.1 was still sending the answer's headers"),
        ("/fault/slow-body", "timed out after 2 s: 127.0.0.1 was still sending the answer"),
    ])
    func eachFaultIsReportedForWhatItIs(path: String, reason: String) async throws {
        let error = await failure(server.url(path), fetcher: fetcher)
        #expect(error?.description == reason)
    }

    /// The low-speed limit strikes before the whole-transfer one: a server that accepted the
    /// connection and then dawdles is not one that could not be reached.
    @Test(arguments: [
        ("/fault/hang", "aborted: 127.0.0.1 accepted the connection but sent nothing for 1 s"),
        ("/fault/slow-headers", "aborted: 127.0.0.1 sent the answer's headers slower than 100 bytes/s for 1 s"),
        ("/fault/slow-body", "aborted: 127.0.0.1 sent the answer slower than 100 bytes/s for 1 s"),
    ])
    func aSlowServerIsNotReportedAsUnreachable(path: String, reason: String) async throws {
        let error = await failure(server.url(path), fetcher: lowSpeedFetcher)
        #expect(error?.description == reason)
    }

    @Test func aConnectionThatIsNeverMadeTimesOutAsSuch() async throws {
        let error = await failure(URL(string: "http://127.0.0.1:\(server.unacceptingPort)/")!, fetcher: lowSpeedFetcher)
        #expect(error?.description == "could not connect to 127.0.0.1: no connection within 1 s")
    }
}
