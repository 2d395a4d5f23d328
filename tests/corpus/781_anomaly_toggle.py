import torch

print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(False)
print(torch.is_anomaly_enabled())
with torch.autograd.set_detect_anomaly(True):
    print("inside:", torch.is_anomaly_enabled())
print("after:", torch.is_anomaly_enabled())
with torch.autograd.detect_anomaly():
    print("detect:", torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    with torch.autograd.set_detect_anomaly(False):
        print("nested off:", torch.is_anomaly_enabled())
    print("back on:", torch.is_anomaly_enabled())
print(torch.is_anomaly_enabled())
with torch.autograd.detect_anomaly(check_nan=False):
    print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
    a = torch.zeros(1, requires_grad=True)
    (a / a).backward()
    print(a.grad)
print(torch.is_anomaly_check_nan_enabled())
torch.autograd.set_detect_anomaly(True, check_nan=False)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
torch.autograd.set_detect_anomaly(False)
