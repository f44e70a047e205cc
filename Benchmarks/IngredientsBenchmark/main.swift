import Foundation
import IngredientCorpusIO
import LarderCore

// Reads scorer-schema JSON Lines on standard input, parses every `sentence`, writes predictions
// in the same schema on standard output, and prints the parsing speed (parsing only, timed in
// batches so the clock is not read per line) on standard error. Streams: memory does not grow
// with the file. The last line is lines per second of wall-clock time; the line before it, lines
// per second of the parsing thread's own CPU time, which other programs on a shared machine
// change less (when they take the core, the wall-clock figure falls and this one does not).

let output = FileHandle.standardOutput
var parseNanoseconds: UInt64 = 0
var parseCPUNanoseconds: UInt64 = 0
var lines = 0
var buffer = Data()
var batch: [CorpusLine] = []
_ = IngredientParser.parse("1 cup flour")  // load the model and the word tables before the clock starts

/// CPU time of the calling thread, in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

@MainActor func flush() {
    let start = DispatchTime.now().uptimeNanoseconds
    let cpuStart = threadCPUNanoseconds()
    let parsed = batch.map { IngredientParser.parse($0.sentence) }
    parseCPUNanoseconds += threadCPUNanoseconds() - cpuStart
    parseNanoseconds += DispatchTime.now().uptimeNanoseconds - start
    lines += batch.count
    for (line, result) in zip(batch, parsed) {
        buffer.append(predictionLine(id: line.id, sentence: line.sentence, parsed: result))
    }
    output.write(buffer)
    buffer.removeAll(keepingCapacity: true)
    batch.removeAll(keepingCapacity: true)
}

var rowNumber = 0
while let row = readLine(strippingNewline: true) {
    rowNumber += 1
    guard let line = CorpusLine(jsonLine: row, fallbackID: rowNumber) else { continue }
    batch.append(line)
    if batch.count == 1024 { flush() }
}
flush()
let seconds = Double(parseNanoseconds) / 1e9
let rate = seconds > 0 ? Double(lines) / seconds : 0
let cpuSeconds = Double(parseCPUNanoseconds) / 1e9
let cpuRate = cpuSeconds > 0 ? Double(lines) / cpuSeconds : 0
FileHandle.standardError.write(Data("""
    \(lines) lines parsed in \(String(format: "%.3f", seconds)) s (\(String(format: "%.3f", cpuSeconds)) s of CPU time)
    \(Int(cpuRate)) lines per CPU second
    \(Int(rate)) lines per second

    """.utf8))
