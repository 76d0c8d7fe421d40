#!/usr/bin/env python3
"""Reduces a thread saved from Reddit, Hacker News (Algolia), Mastodon or Lemmy to its shape:
the members that give ids, nesting, order, times, scores and pages not yet loaded are kept as
saved; every member that carries text, names or links is dropped.
Usage: reduce-thread.py reddit|algolia|mastodon|lemmy IN OUT"""
import json, sys

def keep(obj, names):
    return {k: obj[k] for k in names if k in obj}

def reddit(thing):
    if isinstance(thing, list):
        return [reddit(t) for t in thing]
    if not isinstance(thing, dict):
        return thing  # "" for no replies
    kind, data = thing.get("kind"), thing.get("data", {})
    if kind == "Listing":
        return {"kind": kind, "data": {"children": [reddit(c) for c in data.get("children", [])]}}
    if kind == "t3":
        return {"kind": kind, "data": keep(data, ["name", "id", "num_comments", "created_utc", "score"])}
    if kind == "t1":
        out = keep(data, ["id", "name", "parent_id", "created_utc", "score", "depth"])
        out["replies"] = reddit(data.get("replies", ""))
        return {"kind": kind, "data": out}
    if kind == "more":
        return {"kind": kind, "data": keep(data, ["id", "name", "parent_id", "count", "depth"])}
    raise SystemExit(f"unknown kind {kind!r}")

def algolia(item):
    out = keep(item, ["id", "type", "parent_id", "story_id", "created_at", "created_at_i", "points"])
    out["children"] = [algolia(c) for c in item.get("children", [])]
    return out

def mastodon(context):
    status = lambda s: keep(s, ["id", "in_reply_to_id", "created_at", "favourites_count", "replies_count"])
    return {"ancestors": [status(s) for s in context["ancestors"]],
            "descendants": [status(s) for s in context["descendants"]]}

def lemmy(listing):
    if "items" in listing:
        # Lemmy 1.x (/api/v4/comment/list): the counts inside the comment, the post's own count,
        # and the page cursors.
        view = lambda v: {"comment": keep(v["comment"], ["id", "post_id", "path", "published_at", "deleted", "removed",
                                                         "score", "upvotes", "downvotes", "child_count"]),
                          "post": keep(v["post"], ["id", "comments"])}
        return dict({"items": [view(v) for v in listing["items"]]}, **keep(listing, ["next_page", "prev_page"]))
    view = lambda v: {"comment": keep(v["comment"], ["id", "post_id", "path", "published", "deleted", "removed"]),
                      "post": keep(v["post"], ["id"]),
                      "counts": keep(v["counts"], ["comment_id", "score", "child_count", "published"])}
    return {"comments": [view(v) for v in listing["comments"]]}

if __name__ == "__main__":
    if len(sys.argv) != 4 or sys.argv[1] not in ("reddit", "algolia", "mastodon", "lemmy"):
        raise SystemExit(__doc__)
    document = json.load(open(sys.argv[2], encoding="utf-8"))
    reduced = {"reddit": reddit, "algolia": algolia, "mastodon": mastodon, "lemmy": lemmy}[sys.argv[1]](document)
    with open(sys.argv[3], "w", encoding="utf-8") as out:
        json.dump(reduced, out, indent=1)
        out.write("\n")
