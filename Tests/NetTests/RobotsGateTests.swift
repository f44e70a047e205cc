import Foundation
import LarderNet
import Testing
import TestSupport

/// Each site's robots.txt read once, through the fetcher, as a loopback server answers it:
/// its rules, its Crawl-delay, and what its failures mean (RFC 9309 §2.3.1).
@Suite(.serialized) struct RobotsGateTests {
    let scratch: ScratchFolder
    let robots: URL

    init() async throws {
        scratch = try ScratchFolder()
        robots = scratch.path("robots")
        try FileManager.default.createDirectory(at: robots, withIntermediateDirectories: true)
    }

    func answer(_ host: String, _ kind: String, _ text: String) throws {
        try Data(text.utf8).write(to: robots.appendingPathComponent("\(host).\(kind)"))
    }

    func fetcher(_ configure: (inout FetchSettings) -> Void = { _ in }) -> Fetcher {
        var settings = FetchSettings()
        settings.retry.baseDelay = 0.01
        settings.retry.maxAttempts = 2
        settings.totalTimeout = 5
        settings.connectTimeout = 1
        configure(&settings)
        return Fetcher(settings: settings)
    }

    static func refusal(_ gate: RobotsGate, _ url: URL) async -> RobotsRefusal? {
        do {
            try await gate.check(url)
            return nil
        } catch {
            return error as? RobotsRefusal
        }
    }

    @Test func rulesForLarderDecideAndTheFileIsFetchedOncePerSite() async throws {
        try answer("127.0.0.1", "txt", "User-agent: *\nDisallow: /\n\nUser-agent: Larder\nDisallow: /recipe/secret\n")
        let server = try await LocalServer(robots: robots, hosts: 2)
        let gate = RobotsGate(fetcher: fetcher())
        // Asked about twenty addresses at once: one read of the file.
        let refusals = await withTaskGroup(of: RobotsRefusal?.self) { group in
            for n in 0..<20 {
                group.addTask { await Self.refusal(gate, server.url(n % 2 == 0 ? "/recipe/open-\(n)" : "/recipe/secret-\(n)")) }
            }
            return await group.reduce(into: [RobotsRefusal?]()) { $0.append($1) }
        }
        #expect(refusals.filter { $0 == nil }.count == 10)
        #expect(refusals.compactMap { $0 }.allSatisfy { $0.rule == "Disallow: /recipe/secret" })
        #expect(refusals.compactMap { $0 }.first?.description == "robots.txt of 127.0.0.1:\(server.port) does not allow Larder to fetch it (Disallow: /recipe/secret)")
        // The other host has no robots.txt (404): everything is allowed there.
        #expect(await Self.refusal(gate, server.url("/recipe/secret-x", host: "127.0.0.2")) == nil)
        let asked = try server.requests().filter { $0.path == "/robots.txt" }
        #expect(asked.map(\.host).sorted() == ["127.0.0.1", "127.0.0.2"])
        #expect(asked.allSatisfy { $0.headers["user-agent"]?.hasPrefix("Larder/") == true })
    }

    /// A run asks its first sites ahead (while it creates its library): each site is still asked
    /// once, whether its read was started ahead, twice over, or by a check, and its rules apply.
    @Test func sitesAskedAheadAreReadOnce() async throws {
        try answer("127.0.0.1", "txt", "User-agent: *\nDisallow: /private/\n")
        let server = try await LocalServer(robots: robots, hosts: 3)
        let gate = RobotsGate(fetcher: fetcher())
        let first = [server.url("/recipe/a"), server.url("/private/b"), server.url("/recipe/c", host: "127.0.0.2")]
        gate.prepare(first)
        gate.prepare(first)
        #expect(await Self.refusal(gate, server.url("/private/b"))?.rule == "Disallow: /private/")
        #expect(await Self.refusal(gate, server.url("/recipe/a")) == nil)
        #expect(await Self.refusal(gate, server.url("/recipe/c", host: "127.0.0.2")) == nil)
        // A site not asked ahead is read when its first page is checked.
        #expect(await Self.refusal(gate, server.url("/recipe/d", host: "127.0.0.3")) == nil)
        let asked = try server.requests().filter { $0.path == "/robots.txt" }
        #expect(asked.map(\.host).sorted() == ["127.0.0.1", "127.0.0.2", "127.0.0.3"])
    }

    /// 5xx (after the fetcher's retries) and 429 mean nothing may be fetched; other 4xx mean there
    /// are no rules; an unreachable site is closed.
    @Test func whatFailuresMean() async throws {
        try answer("127.0.0.1", "status", "503")
        try answer("127.0.0.2", "status", "403")
        try answer("127.0.0.3", "status", "429")
        try answer("127.0.0.4", "status", "410")
        let server = try await LocalServer(robots: robots, hosts: 4)
        let gate = RobotsGate(fetcher: fetcher())
        let closed = try #require(await Self.refusal(gate, server.url("/recipe/a", host: "127.0.0.1")))
        #expect(closed.rule == nil)
        #expect(closed.description.contains("503 Service Unavailable"))
        #expect(closed.description.contains("--ignore-robots"))
        #expect(await Self.refusal(gate, server.url("/recipe/a", host: "127.0.0.2")) == nil)
        #expect(await Self.refusal(gate, server.url("/recipe/a", host: "127.0.0.3")) != nil)
        #expect(await Self.refusal(gate, server.url("/recipe/a", host: "127.0.0.4")) == nil)
        // A port where nothing answers: the page fails with why, and is not asked for.
        await #expect(throws: FetchError.self) { try await gate.check(URL(string: "http://127.0.0.1:\(server.unacceptingPort)/recipe/a")!) }
        #expect(gate.notes.contains { $0.contains("127.0.0.1:\(server.port)") && $0.contains("none of its pages were fetched") })
        #expect(gate.notes.contains { $0.contains("127.0.0.1:\(server.unacceptingPort): its robots.txt could not be fetched") })
    }

    /// Redirects are followed up to five times, to another host too; more mean no file.
    @Test func redirectsToTheFileAreFollowed() async throws {
        let server = try await LocalServer(robots: robots, hosts: 2)
        try answer("127.0.0.1", "redirect", server.url("/robots.txt", host: "127.0.0.2").absoluteString)
        try answer("127.0.0.2", "txt", "User-agent: *\nDisallow: /recipe/moved\n")
        let gate = RobotsGate(fetcher: fetcher())
        #expect(await Self.refusal(gate, server.url("/recipe/moved-away"))?.rule == "Disallow: /recipe/moved")
    }

    /// A Crawl-delay longer than the host interval spaces the requests to that host, from the
    /// first page on; a host without one is not slowed.
    @Test func crawlDelayIsTheLeastTimeBetweenRequests() async throws {
        try answer("127.0.0.1", "txt", "User-agent: *\nCrawl-delay: 0.4\n")
        let server = try await LocalServer(robots: robots, hosts: 2)
        let fetcher = fetcher { $0.perHost = 2 }
        let gate = RobotsGate(fetcher: fetcher)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for n in 0..<4 {
                for host in ["127.0.0.1", "127.0.0.2"] {
                    group.addTask {
                        let url = server.url("/recipe/delayed-\(n)", host: host)
                        try await gate.check(url)
                        _ = try await fetcher.fetch(url)
                    }
                }
            }
            try await group.waitForAll()
        }
        let arrivals = try server.requests()
        struct Seen: Decodable {
            struct Host: Decodable { var shortest_gap: Double? }
            var hosts: [String: Host]
        }
        let seen = try JSONDecoder().decode(Seen.self, from: try await fetcher.fetch(server.url("/politeness"), caching: .never).body)
        #expect(arrivals.filter { $0.host == "127.0.0.1" }.count == 5)
        // Loopback answers in milliseconds: without the delay the gaps would be that short. The
        // server notes when a request arrives, not when Larder sent it: on a loaded machine the
        // one before can reach it late, so the gap it sees may be shorter than 0.4 s by that much.
        #expect(try #require(seen.hosts["127.0.0.1"]?.shortest_gap) >= 0.25)
        #expect(try #require(seen.hosts["127.0.0.2"]?.shortest_gap) < 0.25)
        #expect(gate.notes.contains { $0.contains("asks for 0.4 s between requests (Crawl-delay)") })
    }

    /// A page whose redirect leads into a path robots.txt forbids is refused before that hop.
    @Test func aRedirectIntoAForbiddenPathIsRefused() async throws {
        try answer("127.0.0.1", "txt", "User-agent: *\nDisallow: /recipe/private\n")
        let server = try await LocalServer(robots: robots)
        let fetcher = fetcher()
        let gate = RobotsGate(fetcher: fetcher)
        let start = server.url("/fault/redirect?to=" + server.url("/recipe/private-one").absoluteString)
        try await gate.check(start)
        await #expect(throws: RobotsRefusal.self) { _ = try await fetcher.fetch(start, beforeRedirect: gate.redirectCheck) }
        #expect(try server.requests().contains { $0.path == "/recipe/private-one" } == false)
    }
}
