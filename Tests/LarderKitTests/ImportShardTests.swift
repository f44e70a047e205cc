import Foundation
import LarderCore
import LarderKit
import Testing

/// The split of `import --shard K/N` must be the same in every process and every Larder
/// version that may run one list side by side: a shard is the first 8 bytes of SHA-256 of
/// `host:<lower-cased host>` (`path:<path>`, or `mealdb`) as a big-endian number, mod N, + 1.
/// The expected shards were computed with Python's hashlib, outside Larder.
struct ImportShardTests {
    func shard(owning owns: (ImportShard) -> Bool, among count: Int) -> [Int] {
        (1...count).filter { owns(ImportShard(index: $0, count: count)) }
    }

    @Test func theSplitIsSHA256OfTheKeyAsDocumented() {
        #expect(shard(owning: { $0.owns(address: "https://example.com/pie") }, among: 4) == [1])
        #expect(shard(owning: { $0.owns(address: "http://127.0.0.1:8080/a") }, among: 4) == [4])
        #expect(shard(owning: { $0.owns(address: "http://127.0.0.2/b") }, among: 4) == [1])
        #expect(shard(owning: { $0.owns(path: "recipes/pie.json") }, among: 4) == [4])
        #expect(shard(owning: { $0.ownsMealDB }, among: 4) == [4])
    }

    @Test func oneSiteIsOneShardWhateverTheCaseOrPort() {
        for count in [2, 3, 7, 16] {
            let owner = shard(owning: { $0.owns(address: "https://www.Example.COM/recipes/1") }, among: count)
            #expect(owner.count == 1)
            for address in ["https://www.example.com/other", "http://WWW.EXAMPLE.COM:8443/x?y=1", " https://www.example.com/#top"] {
                #expect(shard(owning: { $0.owns(address: address) }, among: count) == owner, "\(address) among \(count)")
            }
        }
    }

    @Test func theReportSaysTheShard() throws {
        var report = RunReport(started: Date(timeIntervalSince1970: 0))
        report.shard = ImportShard(index: 2, count: 4)
        report.record(.init(input: "a", status: .imported))
        let text = String(decoding: try report.encoded(), as: UTF8.self)
        #expect(text.contains("\"shard\" : {\n    \"count\" : 4,\n    \"index\" : 2\n  }"), "\(text)")
        let read = try CanonicalJSON.decode(RunReport.self, from: Data(text.utf8))
        #expect(read.shard == report.shard)
    }
}
