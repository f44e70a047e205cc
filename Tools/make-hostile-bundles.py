#!/usr/bin/env python3
"""Writes hostile archives for Larder's restore tests: usage make-hostile-bundles.py RECIPE.json OUTDIR

RECIPE.json is one good canonical Larder recipe; bundles that must look valid apart from one
fault are built around it with a correct manifest. Every archive is small; the bombs expand to
64 MB (the tests set a lower limit than Larder's default).
"""
import gzip, hashlib, io, json, os, sys, tarfile, zipfile

recipe_path, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
good = open(recipe_path, "rb").read()
good_id = json.loads(good)["id"]


def manifest(files, count):
    listed = [{"bytes": len(data), "path": path, "sha256": hashlib.sha256(data).hexdigest()} for path, data in sorted(files.items())]
    return json.dumps({"count": count, "created": "2026-01-01T00:00:00Z", "files": listed, "format": "larder-library",
                       "generator": "hostile", "schemaVersion": 1}).encode()


def tar(name, members, mode="w:gz"):
    """members: (TarInfo, bytes or None)"""
    with tarfile.open(os.path.join(out, name), mode, format=tarfile.PAX_FORMAT) as archive:
        for info, data in members:
            if data is not None:
                info.size = len(data)
            archive.addfile(info, io.BytesIO(data) if data is not None else None)


def file(name, data):
    info = tarfile.TarInfo(name)
    return info, data


def special(name, kind, target=""):
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = target
    return info, None


def bundle_members(files, count=None):
    count = len([p for p in files if p.startswith("recipes/")]) if count is None else count
    return [file(path, data) for path, data in files.items()] + [file("manifest.json", manifest(files, count))]


good_files = {f"recipes/{good_id}.json": good}
tar("absolute-path.tar.gz", bundle_members(good_files) + [file("/tmp/larder-hostile-absolute.json", b"{}")])
tar("dot-dot.tar.gz", [file("recipes/../../larder-hostile-escaped.json", b"{}")] + bundle_members(good_files))
tar("symlink.tar.gz", [special("recipes/passwd.json", tarfile.SYMTYPE, "/etc/passwd")] + bundle_members(good_files))
tar("hardlink.tar.gz", [special("recipes/passwd.json", tarfile.LNKTYPE, "/etc/passwd")] + bundle_members(good_files))
tar("device.tar.gz", [special("recipes/null.json", tarfile.CHRTYPE)] + bundle_members(good_files))
tar("fifo.tar.gz", [special("recipes/pipe.json", tarfile.FIFOTYPE)] + bundle_members(good_files))
tar("duplicate.tar.gz", [file(f"recipes/{good_id}.json", good)] + bundle_members(good_files))
with tarfile.open(os.path.join(out, "not-utf8.tar.gz"), "w:gz", format=tarfile.GNU_FORMAT, encoding="latin-1") as archive:
    info = tarfile.TarInfo("recipes/caf\xe9.json")  # é written as the single byte 0xE9
    info.size = 2
    archive.addfile(info, io.BytesIO(b"{}"))
tar("too-many-entries.tar.gz", [file(f"images/x/{n}.png", b"x") for n in range(60)] + bundle_members(good_files))
# 64 MB of zeros in one entry: a few dozen KB compressed.
tar("bomb.tar.gz", [file("images/bomb/1.png", bytes(64 * 1024 * 1024))] + bundle_members(good_files))
# A zip whose headers claim 100 bytes for an entry that inflates to 64 MB.
zip_path = os.path.join(out, "bomb-lying-header.zip")
with zipfile.ZipFile(zip_path, "w", zipfile.ZIP_DEFLATED) as archive:
    archive.writestr("images/bomb/1.png", bytes(64 * 1024 * 1024))
raw = bytearray(open(zip_path, "rb").read())
size = (64 * 1024 * 1024).to_bytes(4, "little")
position = raw.find(size)
while position != -1:
    raw[position:position + 4] = (100).to_bytes(4, "little")
    position = raw.find(size, position + 4)
open(zip_path, "wb").write(raw)
with zipfile.ZipFile(os.path.join(out, "zip-slip.zip"), "w") as archive:
    archive.writestr("../larder-hostile-zip-slip.json", b"{}")
    for path, data in good_files.items():
        archive.writestr(path, data)
    archive.writestr("manifest.json", manifest(good_files, 1))
tar("good.tar.gz", bundle_members(good_files))
whole = open(os.path.join(out, "good.tar.gz"), "rb").read()
open(os.path.join(out, "truncated.tar.gz"), "wb").write(whole[: len(whole) // 2])
corrupt = bytearray(whole)
for index in range(len(corrupt) // 3, len(corrupt) // 3 + 64):
    corrupt[index] ^= 0x5A
open(os.path.join(out, "corrupt.tar.gz"), "wb").write(corrupt)
tampered = bundle_members(good_files)[:-1] + [file("manifest.json", manifest({f"recipes/{good_id}.json": good + b" "}, 1))]
tar("bad-checksum.tar.gz", tampered)
tar("no-manifest.tar.gz", [file(f"recipes/{good_id}.json", good)])
broken_files = dict(good_files)
broken_files["recipes/broken.json"] = b'{"id": "broken", "title": "Broken'
tar("one-bad-recipe.tar.gz", bundle_members(broken_files))


# The manifest as Larder writes it now (JSON Lines), with whatever lines a test needs.
def jsonl(lines):
    header = {"created": "2026-01-01T00:00:00Z", "format": "larder-library", "generator": "hostile", "schemaVersion": 1}
    return ("\n".join([json.dumps(header)] + lines) + "\n").encode()


def line(path, data, **extra):
    return json.dumps({"bytes": len(data), "path": path, "sha256": hashlib.sha256(data).hexdigest(), **extra})


good_path = f"recipes/{good_id}.json"
tar("jsonl-good.tar.gz", [file(good_path, good), file("manifest.jsonl", jsonl([line(good_path, good)]))])
# One entry naming its path twice: a reader keeping the first key and one keeping the last
# would check different files.
tar("manifest-duplicate-key.tar.gz", [file(good_path, good), file("manifest.jsonl", jsonl(
    [line(good_path, good)[:-1] + f', "path": "recipes/other.json"}}']))])
tar("manifest-listed-twice.tar.gz", [file(good_path, good), file("manifest.jsonl", jsonl([line(good_path, good)] * 2))])
tar("unlisted.tar.gz", [file(good_path, good), file("images/x/1.png", b"png"), file("manifest.jsonl", jsonl([line(good_path, good)]))])
# An image of 600 KB (zeros: a few hundred bytes compressed), over a test's image limit of 512 KB.
big = bytes(600 * 1024)
tar("big-image.tar.gz", [file(good_path, good), file("images/x/1.png", big),
                         file("manifest.jsonl", jsonl([line("images/x/1.png", big), line(good_path, good)]))])
# The checks of each file against the manifest, both where the archive's entries come in the
# manifest's order (hashed as they are unpacked) and where they do not (an archive made by hand:
# hashed from staging).
listed_image = line("images/x/1.png", b"png")
tar("listed-missing.tar.gz", [file(good_path, good), file("manifest.jsonl", jsonl([listed_image, line(good_path, good)]))])
tar("same-size-other-bytes.tar.gz", [file("images/x/1.png", b"PNG"), file(good_path, good),
                                     file("manifest.jsonl", jsonl([listed_image, line(good_path, good)]))])
two_images = [line("images/x/1.png", b"one"), line("images/x/2.png", b"two"), line(good_path, good)]
tar("out-of-order.tar.gz", [file(good_path, good), file("images/x/2.png", b"two"), file("images/x/1.png", b"one"),
                            file("manifest.jsonl", jsonl(two_images))])
tar("out-of-order-other-bytes.tar.gz", [file(good_path, good), file("images/x/2.png", b"two"), file("images/x/1.png", b"ONE"),
                                        file("manifest.jsonl", jsonl(two_images))])
tar("out-of-order-unlisted.tar.gz", [file(good_path, good), file("images/x/2.png", b"two"), file("images/x/1.png", b"one"),
                                     file("manifest.jsonl", jsonl([two_images[1], two_images[2]]))])
