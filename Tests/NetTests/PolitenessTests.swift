import Foundation
import LarderNet
import Testing
import TestSupport

/// The politeness limits as a server sees them: whatever the machine is busy with, a site is
/// never asked more than `perHost` things at once, and the fetcher never more than `jobs`.
struct PolitenessTests {
    struct Seen: Decodable {
        struct Host: Decodable {
            var max_in_flight: Int
            var requests: Int
        }
        var max_in_flight: Int
        var hosts: [String: Host]
    }

    func seen(by server: LocalServer) async throws -> Seen {
        let body = try await Fetcher().fetch(server.url("/politeness"), caching: .never).body
        return try JSONDecoder().decode(Seen.self, from: body)
    }

    @Test func aSiteIsNeverAskedMoreThanPerHostAtOnceNorTheFetcherMoreThanJobs() async throws {
        let server = try await LocalServer(hosts: 4, latency: 0.1)
        var settings = FetchSettings()
        settings.jobs = 5
        settings.perHost = 2
        let fetcher = Fetcher(settings: settings)
        let urls = (0..<40).map { server.url("/recipe/page-\($0)", host: "127.0.0.\($0 % 4 + 1)") }
        let fetched = try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls { group.addTask { try await fetcher.fetch(url).status } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(fetched.count == 40 && fetched.allSatisfy { $0 == 200 })
        let seen = try await seen(by: server)
        #expect(seen.hosts.count == 4)
        for (host, counts) in seen.hosts {
            #expect(counts.requests == 10, "\(host)")
            #expect(counts.max_in_flight <= 2, "\(host) was asked \(counts.max_in_flight) things at once")
        }
        #expect(seen.max_in_flight <= 5)
    }

    /// Cancelled (Ctrl-C), requests still waiting for their turn end at once and never reach the
    /// server; the one on the wire is abandoned.
    @Test func cancelledRequestsThatWaitNeverStart() async throws {
        // A second a request: on a loaded machine the cancel still comes while most wait.
        let server = try await LocalServer(latency: 1)
        var settings = FetchSettings()
        settings.perHost = 1
        let fetcher = Fetcher(settings: settings)
        let batch = Task {
            await withTaskGroup(of: String.self) { group in
                for n in 0..<20 {
                    group.addTask {
                        do {
                            _ = try await fetcher.fetch(server.url("/recipe/cancelled-\(n)"))
                            return "fetched"
                        } catch is CancellationError {
                            return "cancelled"
                        } catch {
                            return "failed: \(error)"
                        }
                    }
                }
                return await group.reduce(into: [String]()) { $0.append($1) }
            }
        }
        // Until the server has the first request: the batch is under way, the rest queued.
        while try await seen(by: server).hosts.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        batch.cancel()
        let outcomes = await batch.value
        #expect(outcomes.count == 20)
        #expect(outcomes.allSatisfy { $0 == "fetched" || $0 == "cancelled" }, "\(outcomes)")
        let asked = try await seen(by: server).hosts.values.map(\.requests).reduce(0, +)
        #expect(asked < 20)
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(try await seen(by: server).hosts.values.map(\.requests).reduce(0, +) == asked)
        #expect(fetcher.activity.counts == FetchActivity.Counts(running: 0, waiting: 0))
    }
}
