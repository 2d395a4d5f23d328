# torch.save / torch.load as the saving-and-loading tutorial writes them: a checkpoint dict (epoch, model and optimizer state_dicts, the loss), loaded into a new model and optimizer to resume training; a whole model (weights_only=False), a tensor that requires grad (a leaf when loaded), torch's errors for a module under weights_only and for a path never saved. (gradcli keeps the files in the session; torch writes them to /tmp)
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
X = torch.randn(8, 3)
y = X.sum(dim=1, keepdim=True)
for epoch in range(3):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(X), y)
    loss.backward()
    optimizer.step()
PATH = "/tmp/gradcli_corpus_1073_checkpoint.pt"
torch.save({"epoch": epoch, "model_state_dict": model.state_dict(),
            "optimizer_state_dict": optimizer.state_dict(), "loss": loss}, PATH)
checkpoint = torch.load(PATH, weights_only=True)
checkpoint["epoch"], checkpoint["loss"], checkpoint["loss"].is_leaf
model2 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
model2.load_state_dict(checkpoint["model_state_dict"])
optimizer2 = torch.optim.Adam(model2.parameters(), lr=0.01)
optimizer2.load_state_dict(checkpoint["optimizer_state_dict"])
optimizer2.state_dict()["state"][0]["exp_avg"]
model2.train()
for epoch in range(checkpoint["epoch"] + 1, 5):
    optimizer2.zero_grad()
    loss2 = nn.functional.mse_loss(model2(X), y)
    loss2.backward()
    optimizer2.step()
    print(f"epoch {epoch} loss {loss2.item():.5f}")
model2[0].weight.grad
torch.save(model.state_dict(), "/tmp/gradcli_corpus_1073_weights.pth")
model3 = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
model3.load_state_dict(torch.load("/tmp/gradcli_corpus_1073_weights.pth", weights_only=True))
model3.eval()
torch.equal(model3(X), model(X))
torch.save(model, "/tmp/gradcli_corpus_1073_model.pth")
whole = torch.load("/tmp/gradcli_corpus_1073_model.pth", weights_only=False)
whole
whole[0].weight is model[0].weight, torch.equal(whole[0].weight, model[0].weight)
torch.save(torch.tensor([1.0, 2.0], requires_grad=True), "/tmp/gradcli_corpus_1073_t.pt")
t = torch.load("/tmp/gradcli_corpus_1073_t.pt")
t, t.is_leaf
(t * 3).sum().backward()
t.grad
try:
    torch.load("/tmp/gradcli_corpus_1073_model.pth")
except Exception as e:
    print(type(e).__name__, str(e)[:40])
try:
    torch.load("/tmp/gradcli_corpus_1073_never_saved.pt")
except Exception as e:
    print(type(e).__name__, e)
